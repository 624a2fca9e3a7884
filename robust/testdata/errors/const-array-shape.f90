subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2) = [1, 2]
  integer, parameter :: g(3) = h + [1, 2, 3]  ! ERROR [const-array-shape] "operands of + do not conform"
  b = a
end subroutine k
