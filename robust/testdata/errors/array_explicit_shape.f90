subroutine k(n, a, b)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n
  real, dimension(n), contiguous, intent(in) :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
