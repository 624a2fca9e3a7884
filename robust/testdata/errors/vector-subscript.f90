! A vector subscript of a constructor on the left, a whole array of
! another shape on the right: not split (Note [vector subscripts of
! constructors]).
subroutine k(n, a, b)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n
  real, intent(inout) :: a(n, 4)
  real, intent(in) :: b(2, 4)
  a([1, n], :) = b  ! ERROR:18 [vector-subscript] "the right-hand side does not take a vector subscript of 2 elements in section dimension 1"
end subroutine k
