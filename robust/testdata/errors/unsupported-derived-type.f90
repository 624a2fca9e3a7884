subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  type(point) :: p  ! ERROR [unsupported-derived-type] "derived types are not supported by forocl"
  b = a
end subroutine k
