! A gather from the array the loop writes: another iteration may write
! the element a(idx(i)) that this one reads.
!$OFP PURE, KERNEL :: gather
subroutine gather(n, idx, a)
  integer :: n
  integer :: idx(n)
  real :: a(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    a(i) = 2*a(idx(i))  ! ERROR [loop-in-place] "iterations of the parallel loop may read \"a\" at 11:14 while others write it at 11:5"
  end do
end subroutine gather
