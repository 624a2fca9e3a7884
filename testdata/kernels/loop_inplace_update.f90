! Whole-array updates in place on intent(inout) dummies: an axpy on
! assumed-shape arrays, a 2-D update whose operands conform with the
! array they update, an explicit-shape update, and stencils on the array
! itself, which read the old values everywhere (Fortran evaluates the
! right-hand side first), so they go through a temporary, also in a time
! loop; and WHERE constructs on the array they update.
module loop_inplace_update_mod
  implicit none
contains
  !$OFP PURE, KERNEL :: axpy_inplace
  pure subroutine axpy_inplace(a, b, s)
    real, intent(inout) :: a(:)
    real, intent(in) :: b(:)
    real, intent(in) :: s
    a = a + s*b
  end subroutine axpy_inplace

  !$OFP PURE, KERNEL :: depth_update
  pure subroutine depth_update(h, u, v, dt)
    real(8), intent(inout) :: h(:, :)
    real(8), intent(in) :: u(:, :), v(:, :)
    real(8), intent(in) :: dt
    h = h - dt*(abs(u) + sqrt(v*v + 1.0d0))
  end subroutine depth_update

  !$OFP PURE, KERNEL :: scale_fixed
  pure subroutine scale_fixed(n, m, q, w)
    integer, intent(in) :: n, m
    real, intent(inout) :: q(n, m)
    real, intent(in) :: w(n, m)
    q = 0.5*q + w
  end subroutine scale_fixed

  !$OFP PURE, KERNEL :: diffuse_self
  pure subroutine diffuse_self(u, c)
    real, intent(inout) :: u(:)
    real, intent(in) :: c
    integer :: n
    n = size(u)
    u(2:n-1) = u(2:n-1) + c*(u(1:n-2) - 2.0*u(2:n-1) + u(3:n))
  end subroutine diffuse_self

  !$OFP PURE, KERNEL :: smooth_self_2d
  pure subroutine smooth_self_2d(t)
    real(8), intent(inout) :: t(:, :)
    integer :: n, m
    n = size(t, 1)
    m = size(t, 2)
    t(2:n-1, 2:m-1) = 0.25d0*(t(1:n-2, 2:m-1) + t(3:n, 2:m-1) + t(2:n-1, 1:m-2) + t(2:n-1, 3:m))
    t(1, :) = t(2, :)
  end subroutine smooth_self_2d

  ! A time loop around the self-stencil: the loop is the host's, each trip
  ! two launches through the temporary.
  !$OFP PURE, KERNEL :: diffuse_steps
  pure subroutine diffuse_steps(u, c, nsteps)
    real, intent(inout) :: u(:)
    real, intent(in) :: c
    integer, intent(in) :: nsteps
    integer :: it, n
    n = size(u)
    do it = 1, nsteps
      u(2:n-1) = u(2:n-1) + c*(u(1:n-2) - 2.0*u(2:n-1) + u(3:n))
      u(1) = u(2)
    end do
  end subroutine diffuse_steps

  ! WHERE on the array it updates: each branch's assignment is the array
  ! assignment h = merge(e, h, mask), the right-hand side evaluated only
  ! where the mask holds (1/u where u < 0.9, never at u = 0).
  !$OFP PURE, KERNEL :: clip_depth
  pure subroutine clip_depth(h, u, hmin)
    real, intent(inout) :: h(:, :)
    real, intent(in) :: u(:, :)
    real, intent(in) :: hmin
    where (h < hmin) h = hmin
    where (u > 1.2)
      h = h + u
    elsewhere (u < 0.9)
      h = h - 0.1/u
    elsewhere
      h = 0.0
    end where
  end subroutine clip_depth
end module loop_inplace_update_mod
