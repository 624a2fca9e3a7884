subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2) = [1, 2]
  integer, parameter :: g(3) = h + [1, 2, 3]
  b = a
end subroutine k
