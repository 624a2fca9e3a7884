subroutine k(a, b, w)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, optional, intent(in) :: w  ! ERROR [optional-argument] "optional argument \"w\" is not supported by forocl"
  b = a
end subroutine k
