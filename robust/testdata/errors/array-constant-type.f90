subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2) = [1, 2.5]  ! ERROR [array-constant-type] "array constructor element is real(4)"
  b = a
end subroutine k
