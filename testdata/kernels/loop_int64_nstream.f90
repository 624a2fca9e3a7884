! The STREAM triad as benchmark codes write it: sizes and loop indices of
! kind int64 from iso_fortran_env (OpenCL long), a plain !$omp parallel do.
!$OFP PURE, KERNEL :: nstream64
subroutine nstream64(length, scalar, a, b, c)
  use iso_fortran_env
  implicit none
  integer(kind=INT64), intent(in) :: length
  real(kind=REAL64), intent(in) :: scalar
  real(kind=REAL64), intent(inout) :: a(length)
  real(kind=REAL64), intent(in) :: b(length), c(length)
  integer(kind=INT64) :: i
  !$omp parallel do simd
  do i = 1, length
    a(i) = a(i) + b(i) + scalar*c(i)
  end do
  !$omp end parallel do simd
end subroutine nstream64
