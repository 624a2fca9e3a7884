! flux_kernel: the volume that crosses each face in one time step, from
! the velocities of the face's two nodes. The face arrays are staggered:
! vol_flux_x has one more column than the cells, vol_flux_y one more row.
module flux_kernel_module
  implicit none
contains

  subroutine flux_kernel(x_min, x_max, y_min, y_max, dt, dx, dy, xvel, yvel, vol_flux_x, vol_flux_y)
    integer :: x_min, x_max, y_min, y_max
    real(kind=8) :: dt, dx, dy
    real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+3) :: xvel, yvel
    real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+2) :: vol_flux_x
    real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+3) :: vol_flux_y
    integer :: j, k

    !$omp parallel do
    do k = y_min, y_max
      do j = x_min, x_max + 1
        vol_flux_x(j, k) = 0.5d0*dt*dy*(xvel(j, k) + xvel(j, k+1))
      end do
    end do

    !$omp parallel do
    do k = y_min, y_max + 1
      do j = x_min, x_max
        vol_flux_y(j, k) = 0.5d0*dt*dx*(yvel(j, k) + yvel(j+1, k))
      end do
    end do
  end subroutine flux_kernel
end module flux_kernel_module
