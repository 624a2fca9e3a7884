! Nested subroutine calls in kernels (issue 22, Note [subroutine calls]
! in sema/calls.go): a module subroutine that calls two others, one of
! them twice, with its own dummies and locals as actual arguments; an
! external subroutine that calls a module one; and a subroutine
! contained in the kernel that only another contained one calls, used in
! a nest and in the serial code between nests.
module geometry
  implicit none
contains
  pure subroutine square(x, y)
    real, intent(in) :: x
    real, intent(out) :: y
    y = x*x
  end subroutine

  pure subroutine hypot2(x, y, r)
    real, intent(in) :: x, y
    real, intent(out) :: r
    real :: xx, yy
    call square(x, xx)
    call square(y, yy)
    r = xx + yy
  end subroutine

  pure subroutine norm(x, y, r, t)
    real, intent(in) :: x, y
    real, intent(out) :: r, t
    call hypot2(x, y, r)
    r = sqrt(r)
    t = atan2(y, x)
  end subroutine
end module

subroutine limit(v, lo, hi)
  use geometry
  implicit none
  real, intent(inout) :: v
  real, intent(in) :: lo, hi
  real :: s
  call square(hi, s)
  v = min(max(v, lo), s)
end subroutine

!$OFP PURE, KERNEL :: polar_nested
subroutine polar_nested(n, x, y, r, t, c)
  use geometry
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: x(n), y(n), c
  real, intent(out) :: r(n), t(n)
  real :: lo, hi, w
  integer :: i
  lo = 0.25
  call widen(lo, hi)
  !$omp parallel do private(w)
  do i = 1, n
    call norm(x(i) - 1.0, y(i)*c, r(i), t(i))
    call limit(r(i), lo, hi)
    call widen(t(i), w)
  end do
contains
  pure subroutine grow(v)
    real, intent(inout) :: v
    v = v*1.5 + c
  end subroutine

  pure subroutine widen(v, w)
    real, intent(inout) :: v
    real, intent(out) :: w
    call grow(v)
    w = v + 1.0
  end subroutine
end subroutine
