subroutine k(a, b, w)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, optional, intent(in) :: w
  b = a
end subroutine k
