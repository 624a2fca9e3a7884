subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2) = [1, 2]
  integer, parameter :: n = h(1.0)  ! ERROR [subscript-not-integer] "subscript must be an integer"
  b = a
end subroutine k
