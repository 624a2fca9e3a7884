! A window of an int64 index space near its top: the array is declared
! a(n-7:n), and with n past 2**31 its indices do not fit 32 bits, although
! it has 8 elements. The values written depend on the full 64-bit index.
!$OFP PURE, KERNEL :: window64
subroutine window64(n, a, b)
  use iso_fortran_env, only: int64, real64
  implicit none
  integer(int64), intent(in) :: n
  real(real64), intent(in) :: a(n-7:n)
  real(real64), intent(out) :: b(n-7:n)
  integer(int64) :: i
  !$omp parallel do
  do i = n-7, n
    b(i) = a(i) + real(mod(i, 1000003_int64), real64) + real(i/65536_int64/65536_int64, real64)
  end do
end subroutine window64
