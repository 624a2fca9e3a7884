! Array operations over several assumed-shape dummies (Note [conforming
! extents] in sema/conform.go): Fortran requires their shapes to conform,
! so the extent of one is the other's, and the hosts check the actual
! arguments against it before the run. An elemental function of the
! kernel's own module applied to whole arrays, a sum of products, and a
! flux update whose output takes the input's extent by a whole-array copy,
! and an allocatable result, which takes the shape assigned to it.
module shallow_ops
  implicit none
  integer, parameter :: dp = kind(1d0)

contains

  pure elemental real(dp) function half_square(u, v)
    real(dp), intent(in) :: u, v
    half_square = 0.5_dp * (u*u + v*v)
  end function half_square

  !$OFP PURE, KERNEL :: energy
  pure function energy(u, v) result(e)
    real(dp), intent(in) :: u(:,:), v(:,:)
    real(dp) :: e(size(u, 1), size(u, 2))
    e = half_square(u, v)
  end function energy

  !$OFP PURE, KERNEL :: work
  pure function work(f, x) result(w)
    real(dp), intent(in) :: f(:), x(:)
    real(dp) :: w
    w = sum(f * x) + dot_product(f, x)
  end function work

  !$OFP PURE, KERNEL :: flux_update
  pure subroutine flux_update(h, u, dt, hn)
    real(dp), intent(in) :: h(:), u(:), dt
    real(dp), intent(out) :: hn(:)
    integer :: n
    n = size(h)
    hn = h
    hn(2:n-1) = h(2:n-1) - dt * (u(3:n) * h(3:n) - u(1:n-2) * h(1:n-2))
  end subroutine flux_update

  !$OFP PURE, KERNEL :: doubled
  pure function doubled(x) result(y)
    real(dp), intent(in) :: x(:)
    real(dp), allocatable :: y(:)
    y = 2 * x + 1
  end function doubled

end module shallow_ops
