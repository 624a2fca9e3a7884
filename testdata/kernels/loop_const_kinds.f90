! Named constants and literals of mixed kinds fold as gfortran folds them:
! a default real literal is a real(4) value (3.14159265358979323846 is
! 3.14159274 in 4.0d-7*3.14159265358979323846), and a real(4) parameter
! given a double precision value holds it rounded to real(4) (x = 0.1d0),
! also where a real(8) constant then uses it.
module constants
  implicit none
  real, parameter :: c2 = 2.997924562d8 * 2.997924562d8
  real, parameter :: pi = 3.14159265358979323846
  real, parameter :: mu = 4.000d-7 * pi
  real, parameter :: x = 0.1d0
  real(8), parameter :: y = x * 3d0
  real(8), parameter :: z = 4.000d-7 * 3.14159265358979323846
contains
  !$OFP PURE, KERNEL :: fields
  subroutine fields(n, a, b, c, d, e)
    integer, intent(in) :: n
    real, intent(in) :: a(n)
    real, intent(out) :: b(n), c(n)
    real(8), intent(out) :: d(n), e(n)
    integer :: i
    do i = 1, n
      b(i) = a(i) * mu
      c(i) = (c2 * a(i)) * (mu * a(i))
      d(i) = a(i) * y
      e(i) = a(i) * z + 1.0d0 / 3.0
    end do
  end subroutine fields
end module constants
