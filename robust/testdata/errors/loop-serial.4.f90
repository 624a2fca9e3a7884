! A scatter through an index array under OpenMP: two iterations may
! write one element, so the loop runs in order. The same loop as DO
! CONCURRENT, which promises distinct indices, runs in parallel.
!$OFP PURE, KERNEL :: scatter
subroutine scatter(n, perm, a, b)
  integer :: n
  integer :: perm(n)
  real :: a(n), b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n  ! WARNING [loop-serial] "different iterations may write the same element of \"b\" (12:5)"
    b(perm(i)) = a(i)
  end do
end subroutine scatter
