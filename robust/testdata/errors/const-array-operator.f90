subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2) = [1, 2]
  integer, parameter :: g(2) = h / 2  ! ERROR [const-array-operator] "operator / on an integer array is not supported"
  b = a
end subroutine k
