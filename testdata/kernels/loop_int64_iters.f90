! The triad repeated as benchmark drivers repeat it: the iteration count
! and the iteration variable are int64 (the host runs the loop), and the
! nest reads the iteration variable as a 64-bit value.
!$OFP PURE, KERNEL :: triad_iters
subroutine triad_iters(iterations, length, scalar, a, b, c)
  use, intrinsic :: iso_fortran_env
  implicit none
  integer(kind=INT64), intent(in) :: iterations, length
  real(kind=REAL64), intent(in) :: scalar
  real(kind=REAL64), intent(inout) :: a(length)
  real(kind=REAL64), intent(in) :: b(length), c(length)
  integer(kind=INT64) :: i, k
  do k = 0, iterations
    do concurrent (i = 1:length)
      a(i) = a(i) + b(i) + scalar*c(i) + real(k*length, REAL64)*1.0d-3
    end do
  end do
end subroutine triad_iters
