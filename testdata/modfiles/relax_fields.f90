! Kernels over the fields of module fields_data (lib/fields_data.f90,
! found with -I): a Jacobi step on the module array temp in place, whose
! right-hand side reads temp at shifted positions (so it goes through a
! temporary), and a residual into a dummy.
module relax_fields
  use fields_data, only: rk, nx, ny, alpha, temp, source, relax_rate
  implicit none
contains
  !$OFP PURE, KERNEL :: relax
  subroutine relax(dt)
    real(rk), intent(in) :: dt
    temp(1:nx, 1:ny) = temp(1:nx, 1:ny) + dt*relax_rate*(alpha*(temp(0:nx-1, 1:ny) + temp(2:nx+1, 1:ny) &
        + temp(1:nx, 0:ny-1) + temp(1:nx, 2:ny+1) - 4.0_rk*temp(1:nx, 1:ny)) + source)
  end subroutine relax

  !$OFP PURE, KERNEL :: residual
  subroutine residual(res)
    real(rk), intent(out) :: res(nx, ny)
    integer :: i, j
    !$omp parallel do collapse(2)
    do j = 1, ny
      do i = 1, nx
        res(i, j) = alpha*(temp(i-1, j) + temp(i+1, j) + temp(i, j-1) + temp(i, j+1) - 4.0_rk*temp(i, j)) + source(i, j)
      end do
    end do
  end subroutine residual
end module relax_fields
