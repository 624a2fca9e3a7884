! Local arrays shared by a kernel's nests (Note [local arrays shared across
! nests] in sema/sharedlocals.go): constant-bound face arrays that one nest
! fills and a later one reads, as ftt-research's wave_advance_loops
! declares them, are the host procedure's device temporaries; a scratch
! array that each nest sets before reading stays private.
module shared_locals_grid
  implicit none
  integer, parameter :: nx = 12, ny = 9
end module shared_locals_grid

! Staggered faces: hx and hy are filled by two nests and read by a third,
! niter times in a host loop; t is each iteration's scratch in two nests.
!$OFP PURE, KERNEL :: faces_shared
subroutine faces_shared(niter, h, u, dt)
  use shared_locals_grid
  implicit none
  integer, intent(in) :: niter
  real, intent(inout) :: h(nx+2, ny+2)
  real, intent(inout) :: u(nx+2, ny+2)
  real, intent(in) :: dt
  real :: hx(nx+1, ny), hy(nx, ny+1)
  real :: t(3)
  integer :: i, j, it
  do it = 1, niter
    do concurrent (j = 1:ny, i = 1:nx+1)
      t(1) = h(i, j+1)
      t(2) = h(i+1, j+1)
      t(3) = u(i, j+1) - u(i+1, j+1)
      hx(i, j) = 0.5*(t(1) + t(2)) + 0.25*dt*t(3)
    end do
    !$omp parallel do
    do j = 1, ny+1
      do i = 1, nx
        hy(i, j) = 0.5*(h(i+1, j) + h(i+1, j+1))
      end do
    end do
    !$omp parallel do collapse(2)
    do j = 2, ny+1
      do i = 2, nx+1
        t(1) = hx(i-1, j-1) - hx(i, j-1)
        t(2) = hy(i-1, j-1) - hy(i-1, j)
        h(i, j) = h(i, j) + dt*(t(1) + t(2))
        u(i, j) = u(i, j) + dt*hx(i-1, j-1)*hy(i-1, j)
      end do
    end do
  end do
end subroutine faces_shared

! A local array with a lower bound of 0, set by a top-level array
! assignment and a plain DO nest, then read by another: each launch sees
! what the ones before it stored.
!$OFP PURE, KERNEL :: shared_prefix
subroutine shared_prefix(a, b)
  use shared_locals_grid
  implicit none
  real, intent(in) :: a(nx)
  real, intent(out) :: b(nx)
  real :: w(0:nx+1)
  integer :: i
  w = 0.0
  do i = 1, nx
    w(i) = 2.0*a(i)
  end do
  do i = 1, nx
    b(i) = w(i-1) + w(i) + w(i+1)
  end do
end subroutine shared_prefix

! A local array that one nest in a host loop reads before it sets it:
! each trip reads what the trip before stored, so it is shared too.
!$OFP PURE, KERNEL :: carry_over
subroutine carry_over(niter, a, b)
  use shared_locals_grid
  implicit none
  integer, intent(in) :: niter
  real, intent(in) :: a(nx)
  real, intent(inout) :: b(nx)
  real :: t(nx)
  integer :: i, it
  do it = 1, niter
    !$omp parallel do
    do i = 1, nx
      if (it > 1) b(i) = b(i) + t(i)
      t(i) = a(i)*real(it)
    end do
  end do
end subroutine carry_over
