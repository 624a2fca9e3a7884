! Array arguments of subroutines that kernels call (issue 22, Note [array
! arguments of inlined calls] in sema/callarrays.go): associated with
! the actual, not copied. A whole array to an assumed-shape dummy that
! the callee updates in a loop (at the top level of the kernel, so its
! loop is a nest); a column section a(:, j) and a section with a stride
! to assumed-shape dummies inside a nest; an element to an F77
! explicit-shape dummy (sequence association from that element on); an
! array with other lower bounds, whose dummy counts from 1; array syntax
! on the dummy; a dummy passed on to a nested call; and a column the
! callee writes, the nest still parallel.
module ops
  implicit none
contains
  subroutine axpy(n, s, x, y)
    integer, intent(in) :: n
    real, intent(in) :: s
    real, intent(in) :: x(:)
    real, intent(inout) :: y(:)
    integer :: i
    do i = 1, n
      y(i) = y(i) + s*x(i)
    end do
  end subroutine

  pure subroutine colsum(c, m, t)
    integer, intent(in) :: m
    real, intent(in) :: c(:)
    real, intent(out) :: t
    integer :: k
    t = 0.0
    do k = 1, m
      t = t + c(k)*k
    end do
  end subroutine

  pure subroutine first_last(v, m, f, g)
    integer, intent(in) :: m
    real, intent(in) :: v(:)
    real, intent(out) :: f, g
    call colsum(v, m, f)
    g = v(1) - v(m)
  end subroutine

  pure subroutine fill(c, m, s)
    integer, intent(in) :: m
    real, intent(out) :: c(:)
    real, intent(in) :: s
    integer :: k
    do k = 1, m
      c(k) = s*k
    end do
  end subroutine

  pure subroutine shift_into(x, y, m)
    integer, intent(in) :: m
    real, intent(in) :: x(:)
    real, intent(inout) :: y(:)
    y(2:m) = x(1:m-1)*2.0
    y(1) = x(m)
    y(m+1:) = 0.5
  end subroutine

  subroutine scale_all(w, s)
    real, intent(inout) :: w(:)
    real, intent(in) :: s
    w = w*s + 1.0
  end subroutine
end module

      SUBROUTINE PAIR(N, V, R)
      INTEGER N
      REAL V(N), R
      R = V(1)*2.0 + V(N)
      END

!$OFP PURE, KERNEL :: call_arrays
subroutine call_arrays(n, m, a, b, u, e, t, g, h, o, o2, v)
  use ops
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: a(m, n), b(n)
  real, intent(inout) :: u(n)
  real, intent(inout) :: e(0:n+1)
  real, intent(out) :: t(n), g(n), h(n), o(m, n)
  real, intent(inout) :: o2(m + 1, n), v(2*n)
  real :: f2
  integer :: j
  call axpy(n, 0.5, b, u)
  call scale_all(e, 2.0)
  call shift_into(b, v(2:2*n:2), n - 1)
  !$omp parallel do private(f2)
  do j = 1, n
    call colsum(a(:, j), m, t(j))
    call first_last(a(1:m:2, j), (m + 1)/2, f2, g(j))
    g(j) = g(j) + f2
    call fill(o(:, j), m, b(j))
    call shift_into(a(:, j), o2(:, j), m)
  end do
  !$omp parallel do
  do j = 1, n - 1
    call pair(2, e(j), h(j))
  end do
  h(n) = e(n+1)
end subroutine

! An actual with symbolic lower bounds: the assumed-shape dummy counts
! from 1, the offset read through lbound of the actual.
!$OFP PURE, KERNEL :: call_lbounds
subroutine call_lbounds(lo, hi, e)
  use ops
  implicit none
  integer, intent(in) :: lo, hi
  real, intent(inout) :: e(lo:hi)
  call scale_all(e, 0.5)
  call fill(e(lo+1:hi), hi - lo, 3.0)
end subroutine
