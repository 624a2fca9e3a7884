! A star stencil of radius r over arrays numbered from 0, as benchmark
! codes write it: int64 size and indices, a default-integer radius (the
! bounds n-r-1 mix the kinds and are int64), sequential int64 inner loops.
! r is declared before n, so the bound n-r-1 is -r+n-1 over the dummies.
!$OFP PURE, KERNEL :: stencil64
subroutine stencil64(r, n, w, a, b)
  use iso_fortran_env
  implicit none
  integer(kind=INT32), intent(in) :: r
  integer(kind=INT64), intent(in) :: n
  real(kind=REAL64), intent(in) :: w(-r:r, -r:r)
  real(kind=REAL64), intent(in) :: a(0:n-1, 0:n-1)
  real(kind=REAL64), intent(inout) :: b(0:n-1, 0:n-1)
  integer(kind=INT64) :: i, j, ii
  !$omp parallel do private(i, ii)
  do j = r, n-r-1
    do i = r, n-r-1
      do ii = -r, -1
        b(i, j) = b(i, j) + w(0, ii)*a(i, j+ii) + w(ii, 0)*a(i+ii, j)
      end do
      do ii = 1, r
        b(i, j) = b(i, j) + w(0, ii)*a(i, j+ii) + w(ii, 0)*a(i+ii, j)
      end do
    end do
  end do
  !$omp end parallel do
end subroutine stencil64
