! accelerate_kernel: the node velocities from the pressure and viscosity
! gradients of the four cells around each node, over the nodal mass.
! The nodes on the walls keep their velocity (zero): nothing crosses them.
module accelerate_kernel_module
  implicit none
contains

  subroutine accelerate_kernel(x_min, x_max, y_min, y_max, dt, dx, dy, density, pressure, viscosity, &
                               xvel, yvel)
    integer :: x_min, x_max, y_min, y_max
    real(kind=8) :: dt, dx, dy
    real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: density, pressure, viscosity
    real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+3) :: xvel, yvel
    integer :: j, k
    real(kind=8) :: nodal_mass, step_by_mass

    !$omp parallel do private(nodal_mass, step_by_mass)
    do k = y_min + 1, y_max
      do j = x_min + 1, x_max
        nodal_mass = 0.25d0*dx*dy*(density(j-1, k-1) + density(j, k-1) + density(j, k) + density(j-1, k))
        step_by_mass = 0.5d0*dt/nodal_mass
        xvel(j, k) = xvel(j, k) - step_by_mass*dy*(pressure(j, k) - pressure(j-1, k) &
                                                 + pressure(j, k-1) - pressure(j-1, k-1) &
                                                 + viscosity(j, k) - viscosity(j-1, k) &
                                                 + viscosity(j, k-1) - viscosity(j-1, k-1))
        yvel(j, k) = yvel(j, k) - step_by_mass*dx*(pressure(j, k) - pressure(j, k-1) &
                                                 + pressure(j-1, k) - pressure(j-1, k-1) &
                                                 + viscosity(j, k) - viscosity(j, k-1) &
                                                 + viscosity(j-1, k) - viscosity(j-1, k-1))
      end do
    end do
  end subroutine accelerate_kernel
end module accelerate_kernel_module
