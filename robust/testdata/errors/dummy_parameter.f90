subroutine k(a, b, n)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: n = 4
  b = a
end subroutine k
