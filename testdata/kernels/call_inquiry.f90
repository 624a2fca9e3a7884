! size, lbound, ubound and shape of the array dummies of subroutines
! that a kernel calls (issue 22, Note [inquiries of associated dummies]
! in sema/callinquiry.go): they ask about the dummy, not about the
! caller's array its references become. A type-bound procedure loops
! over the bounds of its structure's allocatable component (called by
! its own name: forocl does not make type-bound calls); an
! assumed-shape dummy takes a column section with a stride and counts
! from its own lower bound; a dummy declared a(0:) starts at 0; an
! explicit-shape dummy has its declared extent; a rank-2 dummy takes a
! block of a rank-2 array, one or two columns wide, and sums it over its
! extents, one of them by a dimension the call passes.
module fields
  implicit none
  type :: field
    real(8), allocatable :: data(:)
  contains
    procedure :: total
  end type
contains
  pure subroutine total(self, r)
    class(field), intent(in) :: self
    real(8), intent(out) :: r
    integer :: k
    r = 0
    do k = lbound(self%data, 1), ubound(self%data, 1)
      r = r + self%data(k)*k
    end do
    r = r + size(self%data)
  end subroutine

  pure subroutine weigh(a, r)
    real(8), intent(in) :: a(:)
    real(8), intent(out) :: r
    integer :: k
    r = 0
    do k = lbound(a, 1), ubound(a, 1)
      r = r + a(k)*k
    end do
    r = r + 100*size(a)
  end subroutine

  pure subroutine weigh0(a, r)
    real(8), intent(in) :: a(0:)
    real(8), intent(out) :: r
    integer :: k
    r = 1000*lbound(a, 1) + 10*ubound(a, 1)
    do k = 0, ubound(a, 1)
      r = r + a(k)*(k + 1)
    end do
  end subroutine

  pure subroutine weighn(n, a, r)
    integer, intent(in) :: n
    real(8), intent(in) :: a(n)
    real(8), intent(out) :: r
    r = size(a, 1) + a(ubound(a, 1))
  end subroutine

  pure subroutine block(b, dd, r)
    real(8), intent(in) :: b(:, :)
    integer, intent(in) :: dd
    real(8), intent(out) :: r
    integer :: j, k
    r = 10*size(b, dd) + size(b, 2) + 1000*size(b)
    do k = 1, size(b, 2)
      do j = 1, size(b, 1)
        r = r + b(j, k)*(j + 2*k)
      end do
    end do
  end subroutine
end module

!$OFP PURE, KERNEL :: call_inquiry
subroutine call_inquiry(n, m, f, x, y, z, w, v, u)
  use fields
  implicit none
  integer, intent(in) :: n, m
  type(field), intent(in) :: f
  real(8), intent(in) :: x(m, n)
  real(8), intent(out) :: y(n), z(n), w(n), v(n), u(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    call total(f, y(i))
    call weigh(x(2:m:2, i), z(i))
    call weigh0(x(:, i), w(i))
    call weighn(3, x(2:m, i), v(i))
    call block(x(2:m, (i+1)/2:i), 1, u(i))
  end do
end subroutine
