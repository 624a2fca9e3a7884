subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2) = [1, 2]
  integer, parameter :: n = abs(h)  ! ERROR [const-array-intrinsic] "\"abs\" of an array is not supported in a constant"
  b = a
end subroutine k
