! Elements of a rank-1 array through a vector subscript that read the
! array itself: no temporary holds single elements (Note [vector
! subscripts of constructors]).
subroutine k(n, a)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  a([1, n]) = a([2, n-1])  ! ERROR:3 [vector-subscript] "each element of this vector subscript is one element of \"a\""
end subroutine k
