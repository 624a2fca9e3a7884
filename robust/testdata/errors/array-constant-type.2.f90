subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2, 2) = [1, 2, 3, 4]  ! ERROR [array-constant-type] "\"h\" has rank 2; give it its value with reshape([...], [2, 2])"
  b = a
end subroutine k
