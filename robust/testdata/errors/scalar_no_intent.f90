subroutine k(w, a, b)
!$OFP PURE, KERNEL :: k
  real :: w
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = w*a
end subroutine k
