! WHERE inside loop nests (Note [WHERE in nests] in sema/nestwhere.go):
! each iteration assigns its sections element by element under the mask,
! with ELSEWHERE, a masked ELSEWHERE, the one-line WHERE statement, and a
! WHERE in a sequential loop of the nest.

! Columns clipped from below and reflected from above, in a parallel
! loop over the columns.
!$OFP PURE, KERNEL :: clip_columns
subroutine clip_columns(n, m, lo, a, b)
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: lo
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  integer :: j
  !$omp parallel do
  do j = 1, m
    where (a(:, j) < lo)
      b(:, j) = lo
    elsewhere (a(:, j) > 0.5)
      b(:, j) = 1.0 - a(:, j)
    elsewhere
      b(:, j) = a(:, j)*real(j)
    end where
  end do
end subroutine clip_columns

! Rows of a 2-D array under a one-line WHERE in a DO CONCURRENT, and
! relaxed k times in a sequential loop of each iteration (one assignment
! that reads its mask's array: the mask is read before each element).
!$OFP PURE, KERNEL :: relax_rows
subroutine relax_rows(n, m, nk, c, d)
  implicit none
  integer, intent(in) :: n, m, nk
  real, intent(in) :: c(n, m)
  real, intent(inout) :: d(n, m)
  integer :: i, k
  do concurrent (i = 1:n)
    where (c(i, :) /= 0.0) d(i, :) = d(i, :) + 1.0/c(i, :)
    do k = 1, nk
      where (d(i, :) > 1.0) d(i, :) = 0.5*d(i, :)
    end do
  end do
end subroutine relax_rows
