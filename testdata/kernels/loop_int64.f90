! integer(int64) arrays and scalars (OpenCL long), literals with a kind
! suffix, mod and int(..., int64), values beyond 32 bits.
!$OFP PURE, KERNEL :: mix64
subroutine mix64(n, seed, a, b)
  use iso_fortran_env, only: int64
  implicit none
  integer, intent(in) :: n
  integer(int64), intent(in) :: seed
  integer(int64), intent(in) :: a(n)
  integer(kind=8), intent(out) :: b(n)
  integer :: i
  integer(int64) :: t
  do concurrent (i = 1:n)
    t = a(i)*3_int64 + seed
    b(i) = mod(t, 1000000007_int64) + int(i, int64)*4294967296_int64 - abs(t - 5_8*a(i))
  end do
end subroutine mix64
