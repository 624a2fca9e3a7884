! A scatter through an index array under OpenMP: two iterations may
! write one element. The same loop as DO CONCURRENT is accepted.
!$OFP PURE, KERNEL :: scatter
subroutine scatter(n, perm, a, b)
  integer :: n
  integer :: perm(n)
  real :: a(n), b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    b(perm(i)) = a(i)  ! ERROR:7 [loop-computed-write] "write to \"b\" through a computed subscript: it has an element of array \"perm\""
  end do
end subroutine scatter
