! advect_kernel: donor-cell advection of mass and energy through the
! faces of one direction (a sweep): the mass and energy fluxes on the
! staggered faces, then each cell's new density and specific energy. The
! cells keep their volume.
module advect_kernel_module
  implicit none
contains

  subroutine advect_x_kernel(x_min, x_max, y_min, y_max, vol, vol_flux_x, density, energy, &
                             mass_flux_x, ener_flux_x)
    integer :: x_min, x_max, y_min, y_max
    real(kind=8) :: vol
    real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+2) :: vol_flux_x, mass_flux_x, ener_flux_x
    real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: density, energy
    integer :: j, k
    real(kind=8) :: pre_mass, post_mass

    !$omp parallel do
    do k = y_min, y_max
      do j = x_min, x_max + 1
        if (vol_flux_x(j, k) > 0.0d0) then
          mass_flux_x(j, k) = vol_flux_x(j, k)*density(j-1, k)
          ener_flux_x(j, k) = mass_flux_x(j, k)*energy(j-1, k)
        else
          mass_flux_x(j, k) = vol_flux_x(j, k)*density(j, k)
          ener_flux_x(j, k) = mass_flux_x(j, k)*energy(j, k)
        end if
      end do
    end do

    !$omp parallel do private(pre_mass, post_mass)
    do k = y_min, y_max
      do j = x_min, x_max
        pre_mass = density(j, k)*vol
        post_mass = pre_mass + mass_flux_x(j, k) - mass_flux_x(j+1, k)
        energy(j, k) = (pre_mass*energy(j, k) + ener_flux_x(j, k) - ener_flux_x(j+1, k))/post_mass
        density(j, k) = post_mass/vol
      end do
    end do
  end subroutine advect_x_kernel

  subroutine advect_y_kernel(x_min, x_max, y_min, y_max, vol, vol_flux_y, density, energy, &
                             mass_flux_y, ener_flux_y)
    integer :: x_min, x_max, y_min, y_max
    real(kind=8) :: vol
    real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+3) :: vol_flux_y, mass_flux_y, ener_flux_y
    real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: density, energy
    integer :: j, k
    real(kind=8) :: pre_mass, post_mass

    !$omp parallel do
    do k = y_min, y_max + 1
      do j = x_min, x_max
        if (vol_flux_y(j, k) > 0.0d0) then
          mass_flux_y(j, k) = vol_flux_y(j, k)*density(j, k-1)
          ener_flux_y(j, k) = mass_flux_y(j, k)*energy(j, k-1)
        else
          mass_flux_y(j, k) = vol_flux_y(j, k)*density(j, k)
          ener_flux_y(j, k) = mass_flux_y(j, k)*energy(j, k)
        end if
      end do
    end do

    !$omp parallel do private(pre_mass, post_mass)
    do k = y_min, y_max
      do j = x_min, x_max
        pre_mass = density(j, k)*vol
        post_mass = pre_mass + mass_flux_y(j, k) - mass_flux_y(j, k+1)
        energy(j, k) = (pre_mass*energy(j, k) + ener_flux_y(j, k) - ener_flux_y(j, k+1))/post_mass
        density(j, k) = post_mass/vol
      end do
    end do
  end subroutine advect_y_kernel
end module advect_kernel_module
