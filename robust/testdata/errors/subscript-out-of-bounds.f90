subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2) = [1, 2]
  integer, parameter :: n = h(3)  ! ERROR [subscript-out-of-bounds] "subscript 3 is out of bounds 1:2 of \"h\""
  b = a
end subroutine k
