! accel_loop: a CloverLeaf-style loop kernel (forocl's own, for
! scripts/bench/multigpu.sh): node velocities on (0:nx+1, 0:ny+1) pushed by
! the pressure gradient of the four cells around each node, with the
! node's mass from their densities, and smoothed by a viscosity nu over
! the four neighbouring nodes. Stepped with --swap xvel=xvel1
! --swap yvel=yvel1; its slabs exchange a plane each way.
module accel_loop
  implicit none
contains

!$OFP PURE, KERNEL :: accel_step
subroutine accel_step(nx, ny, dt, nu, density, pressure, xvel, yvel, xvel1, yvel1)
  integer :: nx, ny
  real :: dt, nu
  real, dimension(0:nx+1, 0:ny+1) :: density, pressure, xvel, yvel, xvel1, yvel1
  integer :: i, j
  real :: mass, step
  do j = 1, ny
    do i = 1, nx
      mass = 0.25*(density(i-1, j-1) + density(i, j-1) + density(i, j) + density(i-1, j))
      step = 0.5*dt/mass
      xvel1(i, j) = xvel(i, j) - step*(pressure(i, j) - pressure(i-1, j) + pressure(i, j-1) - pressure(i-1, j-1)) &
        + nu*(xvel(i-1, j) + xvel(i+1, j) + xvel(i, j-1) + xvel(i, j+1) - 4.0*xvel(i, j))
      yvel1(i, j) = yvel(i, j) - step*(pressure(i, j) - pressure(i, j-1) + pressure(i-1, j) - pressure(i-1, j-1)) &
        + nu*(yvel(i-1, j) + yvel(i+1, j) + yvel(i, j-1) + yvel(i, j+1) - 4.0*yvel(i, j))
    end do
  end do
end subroutine accel_step

end module accel_loop
