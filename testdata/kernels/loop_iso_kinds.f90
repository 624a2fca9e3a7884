! iso_fortran_env kinds and an OpenACC kernels region.
!$OFP PURE, KERNEL :: iso_scale
subroutine iso_scale(n, m, s, a, b, c)
  use iso_fortran_env, only: real32, real64, int32
  implicit none
  integer(int32), intent(in) :: n, m
  real(real64), intent(in) :: s
  real(real32), intent(in) :: a(n, m)
  real(kind=real64), intent(in) :: b(n, m)
  real(real64), intent(out) :: c(n, m)
  integer(int32) :: i, j
  !$acc kernels
  do j = 1, m
    do i = 1, n
      c(i, j) = s*real(a(i, j), real64) + b(i, j)
    end do
  end do
  !$acc end kernels
end subroutine iso_scale
