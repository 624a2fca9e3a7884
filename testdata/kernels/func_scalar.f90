! Functions whose result is a scalar, as kernels (Note [function kernels]
! in sema/kernelfn.go): an elemental function is an elemental kernel over
! the elements of its arguments, and a function of whole arrays (a sum
! divided by size() of a rank-2 dummy) a kernel with a scalar result.
! The kinds come from iso_fortran_env through a named constant. The module
! is private but for speed and a generic name, so the serial oracle
! reaches average_2d through a public copy of this file (Note [private
! kernels] in internal/oracle/private.go).
module flow_stats
  use iso_fortran_env, only: real64
  implicit none
  private
  public :: speed, average
  integer, parameter :: wp = real64

  interface average
    module procedure average_2d
  end interface average

contains

  !$OFP PURE, KERNEL :: speed
  pure elemental real(wp) function speed(u, v)
    real(wp), intent(in) :: u, v
    speed = sqrt(u*u + v*v)
  end function speed

  !$OFP PURE, KERNEL :: average_2d
  pure real(wp) function average_2d(q) result(avg)
    real(wp), intent(in) :: q(:, :)
    avg = sum(q) / size(q)
  end function average_2d

  !$OFP PURE, KERNEL :: rms
  pure function rms(x) result(r)
    real, intent(in) :: x(:)
    real :: r
    r = sqrt(sum(x*x) / size(x))
  end function rms

end module flow_stats
