! viscosity_kernel: an artificial viscosity in the cells that the flow
! compresses (a linear and a quadratic term in the velocity divergence),
! from the node velocities around each cell.
module viscosity_kernel_module
  implicit none
contains

  subroutine viscosity_kernel(x_min, x_max, y_min, y_max, celldx, celldy, density, soundspeed, &
                              xvel, yvel, viscosity)
    integer :: x_min, x_max, y_min, y_max
    real(kind=8), dimension(x_min-2:x_max+2) :: celldx
    real(kind=8), dimension(y_min-2:y_max+2) :: celldy
    real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: density, soundspeed, viscosity
    real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+3) :: xvel, yvel
    integer :: j, k
    real(kind=8) :: ugrad, vgrad, div, h

    !$omp parallel do private(ugrad, vgrad, div, h)
    do k = y_min, y_max
      do j = x_min, x_max
        ugrad = 0.5d0*(xvel(j+1, k) + xvel(j+1, k+1) - xvel(j, k) - xvel(j, k+1))/celldx(j)
        vgrad = 0.5d0*(yvel(j, k+1) + yvel(j+1, k+1) - yvel(j, k) - yvel(j+1, k))/celldy(k)
        div = ugrad + vgrad
        h = min(celldx(j), celldy(k))
        if (div < 0.0d0) then
          viscosity(j, k) = density(j, k)*(2.0d0*h*h*div*div - 0.5d0*h*soundspeed(j, k)*div)
        else
          viscosity(j, k) = 0.0d0
        end if
      end do
    end do
  end subroutine viscosity_kernel
end module viscosity_kernel_module
