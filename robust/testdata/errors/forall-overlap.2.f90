! a(i+j) takes one element for several (i, j) once n > 1.
!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  integer, intent(in) :: n
  real, intent(inout) :: a(2*n)
  real, intent(in) :: b(n, n)
  integer :: i, j
  forall (i = 1:n, j = 1:n) a(i+j) = b(i, j)  ! ERROR [forall-overlap] "may write the same element of \"a\""
end subroutine k
