! Subroutines called from a loop kernel (Note [subroutine calls] in
! sema/calls.go), inlined with their scalar dummies copied in and out: a
! module subroutine with intent(out) results (ParRes pic's computeCoulomb
! form, not declared pure) called twice in a nest with expressions and
! array elements as arguments, an F77 external subroutine whose dummies
! have no intent and one of which it assigns, and a pure subroutine
! contained in the kernel that reads a kernel scalar and updates an
! intent(inout) dummy, called in the nest and in the serial code between
! the nests. A second loop kernel selects on an integer(8) code and calls
! in the arms; an elemental kernel of the module calls a pure subroutine.
! gfortran -std=legacy: REAL*8 is an extension, as legacy code writes it.
module forces
  implicit none
contains
  subroutine coulomb(x_dist, y_dist, q1, q2, fx, fy)
    real(8), intent(in) :: x_dist, y_dist, q1, q2
    real(8), intent(out) :: fx, fy
    real(8) :: r, r2, f
    r2 = x_dist**2 + y_dist**2
    r = sqrt(r2)
    f = q1*q2/r2
    fx = f*x_dist/r
    fy = f*y_dist/r
  end subroutine

  pure subroutine to_polar(x, y, r, t)
    real, intent(in) :: x, y
    real, intent(out) :: r, t
    r = sqrt(x*x + y*y)
    t = atan2(y, x)
  end subroutine

  !$OFP PURE, KERNEL :: polar
  pure elemental subroutine polar(x, y, r, t)
    real, intent(in) :: x, y
    real, intent(out) :: r, t
    call to_polar(x + 1.0, y, r, t)
  end subroutine
end module

      SUBROUTINE CLAMP(A, LO, HI)
      REAL*8 A, LO, HI
      IF (A .LT. LO) A = LO
      IF (A .GT. HI) A = HI
      END

!$OFP PURE, KERNEL :: total_force
subroutine total_force(n, x, y, q, fx, fy, cap, m)
  use forces
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), y(n), q(n), cap
  real(8), intent(out) :: fx(n), fy(n), m(n)
  real(8) :: ax, ay, bx, by, s, lim
  integer :: i
  s = 0.5d0
  call scale(s)
  !$omp parallel do private(ax, ay, bx, by)
  do i = 1, n
    call coulomb(x(i) + 1.5d0, y(i) + 2.0d0, q(i), 1.0d0, ax, ay)
    call coulomb(x(i) - 2.5d0, y(i)*0.5d0 - 3.0d0, q(i), -2.0d0, bx, by)
    fx(i) = ax + bx
    call coulomb(x(i) + 4.0d0, y(i) + 4.0d0, q(i), q(i), m(i), fy(i))
    fy(i) = fy(i) + ay + by
    lim = cap
    call scale(lim)
    call clamp(fx(i), -lim, lim)
  end do
contains
  pure subroutine scale(v)
    real(8), intent(inout) :: v
    v = v*s + 0.25d0
  end subroutine
end subroutine

!$OFP PURE, KERNEL :: by_code
subroutine by_code(n, code, x, y, r)
  use forces
  use iso_fortran_env, only: int64
  implicit none
  integer, intent(in) :: n
  integer(int64), intent(in) :: code(n)
  real, intent(in) :: x(n), y(n)
  real, intent(out) :: r(n)
  real :: t
  integer :: i
  !$omp parallel do private(t)
  do i = 1, n
    select case (code(i))
    case (:-1_int64)
      call to_polar(x(i), y(i), r(i), t)
    case (0_int64, 5000000000_int64)
      call to_polar(y(i), x(i), t, r(i))
    case default
      r(i) = x(i)
    end select
  end do
end subroutine
