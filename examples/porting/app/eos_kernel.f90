! eos_kernel: the equation of state of the blast mini-application (an
! ideal gas, gamma = 1.4): each cell's pressure and sound speed from its
! density and specific internal energy.
module eos_kernel_module
  implicit none
contains

  subroutine eos_kernel(x_min, x_max, y_min, y_max, density, energy, pressure, soundspeed)
    integer :: x_min, x_max, y_min, y_max
    real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: density, energy
    real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: pressure, soundspeed
    integer :: j, k
    real(kind=8) :: v

    !$omp parallel do private(v)
    do k = y_min, y_max
      do j = x_min, x_max
        pressure(j, k) = 0.4d0*density(j, k)*energy(j, k)
        v = 1.4d0*pressure(j, k)/density(j, k)
        soundspeed(j, k) = sqrt(v)
      end do
    end do
  end subroutine eos_kernel
end module eos_kernel_module
