! summary_kernel: the field summary, totals over the cells of volume, mass,
! internal energy, kinetic energy (from the four nodes of each cell) and
! volume-weighted pressure, as an OpenMP reduction.
module summary_kernel_module
  implicit none
contains

  subroutine summary_kernel(x_min, x_max, y_min, y_max, vol, density, energy, pressure, xvel, yvel, &
                            tvol, mass, ie, ke, press)
    integer :: x_min, x_max, y_min, y_max
    real(kind=8) :: vol
    real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: density, energy, pressure
    real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+3) :: xvel, yvel
    real(kind=8) :: tvol, mass, ie, ke, press
    integer :: j, k
    real(kind=8) :: vsqrd, cell_mass

    tvol = 0.0d0
    mass = 0.0d0
    ie = 0.0d0
    ke = 0.0d0
    press = 0.0d0
    !$omp parallel do private(vsqrd, cell_mass) reduction(+:tvol, mass, ie, ke, press)
    do k = y_min, y_max
      do j = x_min, x_max
        vsqrd = 0.25d0*(xvel(j, k)*xvel(j, k) + yvel(j, k)*yvel(j, k) &
                      + xvel(j+1, k)*xvel(j+1, k) + yvel(j+1, k)*yvel(j+1, k) &
                      + xvel(j, k+1)*xvel(j, k+1) + yvel(j, k+1)*yvel(j, k+1) &
                      + xvel(j+1, k+1)*xvel(j+1, k+1) + yvel(j+1, k+1)*yvel(j+1, k+1))
        cell_mass = vol*density(j, k)
        tvol = tvol + vol
        mass = mass + cell_mass
        ie = ie + cell_mass*energy(j, k)
        ke = ke + 0.5d0*cell_mass*vsqrd
        press = press + vol*pressure(j, k)
      end do
    end do
  end subroutine summary_kernel
end module summary_kernel_module
