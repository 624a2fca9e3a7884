! Section updates inside parallel nests: each work-item of a DO
! CONCURRENT over columns smooths its column with sections (a sequential
! loop per work-item), and an OpenMP nest over planes fills each plane's
! first row and column from its second ones.
!$OFP PURE, KERNEL :: column_smooth
subroutine column_smooth(n, m, l, a, b, c)
  implicit none
  integer, intent(in) :: n, m, l
  real(kind=8), intent(in) :: a(n, m)
  real(kind=8), intent(out) :: b(n, m)
  real(kind=8), intent(inout) :: c(n, m, l)
  integer :: j, p
  real(kind=8) :: s
  do concurrent (j = 1:m)
    s = 1.0_8/j
    b(2:n-1, j) = s*(a(1:n-2, j) + a(3:n, j))
    b(1, j) = a(1, j)
    b(n, j) = a(n, j)
  end do
  !$omp parallel do
  do p = 2, l
    c(1, :, p) = c(2, :, p)
    c(:, 1, p) = 0.5_8*c(:, 2, p) + a(:, 1)
  end do
end subroutine column_smooth
