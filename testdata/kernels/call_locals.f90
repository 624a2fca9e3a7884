! Local arrays of subroutines that a parallel loop calls (issue 22, Note
! [local arrays of inlined calls] in sema/calllocals.go): each work-item
! has its own copy. A three-point work array sized by a module constant;
! an automatic array t(m2) whose size the call passes as a constant,
! called twice with two sizes (two arrays) and passed on, with its size,
! to a nested call whose own automatic array takes that size; a rank-2
! work array with a lower bound of 0; and a local scalar with an
! initializer (SAVEd, one for all calls) that the callee only reads.
module work
  implicit none
  integer, parameter :: nw = 3
contains
  subroutine stencil(x, i, n, r)
    real(8), intent(in) :: x(:)
    integer, intent(in) :: i, n
    real(8), intent(out) :: r
    real(8) :: w(nw)
    real(8) :: half = 0.5d0
    integer :: k
    do k = 1, nw
      w(k) = x(max(1, min(n, i + k - 2)))
    end do
    r = 0.5d0*half*w(1) + half*w(2) + 0.25d0*w(3)
  end subroutine

  pure subroutine mean_of(m2, t, r)
    integer, intent(in) :: m2
    real(8), intent(in) :: t(m2)
    real(8), intent(out) :: r
    real(8) :: u(m2)
    integer :: k
    do k = 1, m2
      u(k) = t(m2 + 1 - k)*k  ! WARNING [maybe-used-before-set] (the loops over 1:m2 may run zero times)
    end do
    r = sum(u)/m2  ! WARNING [maybe-used-before-set]
  end subroutine

  pure subroutine smooth(m2, x, i, n, r)
    integer, intent(in) :: m2, i, n
    real(8), intent(in) :: x(:)
    real(8), intent(out) :: r
    real(8) :: t(m2)
    integer :: k
    do k = 1, m2
      t(k) = x(max(1, min(n, i + k - 1)))
    end do
    call mean_of(m2, t, r)
  end subroutine

  pure subroutine corners(x, i, n, r)
    real(8), intent(in) :: x(:)
    integer, intent(in) :: i, n
    real(8), intent(out) :: r
    real(8) :: c(0:1, 2)
    integer :: a, b
    do b = 1, 2
      do a = 0, 1
        c(a, b) = x(max(1, min(n, i + a - b)))
      end do
    end do
    r = c(0, 1)*c(1, 2) - c(1, 1)*c(0, 2)
  end subroutine
end module

!$OFP PURE, KERNEL :: call_locals
subroutine call_locals(n, x, y, z, z2, q)
  use work
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n), z(n), z2(n), q(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    call stencil(x, i, n, y(i))
    call smooth(4, x, i, n, z(i))
    call smooth(nw - 1, x, i, n, z2(i))
    call corners(x, i, n, q(i))
  end do
end subroutine
