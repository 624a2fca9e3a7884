subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2) = [1, 2]
  logical, parameter :: g(2) = h > 1  ! ERROR [const-array-operator] "operator > on an array is not supported"
  b = a
end subroutine k
