subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a // a  ! ERROR [unsupported-operator] "operator // is not supported by forocl"
end subroutine k
