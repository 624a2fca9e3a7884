! Two nests (two launches) with a scalar computed between them on every
! work-item: fluxes at faces, then the update of the cells.
!$OFP PURE, KERNEL :: two_phase
subroutine two_phase(x_min, x_max, dt, dx, u, flux, unew)
  implicit none
  integer, intent(in) :: x_min, x_max
  real(8), intent(in) :: dt, dx
  real(8), intent(in) :: u(x_min-1:x_max+1)
  real(8) :: flux(x_min:x_max+1)
  real(8), intent(out) :: unew(x_min:x_max)
  integer :: j
  real(8) :: c
  do concurrent (j = x_min:x_max+1)
    flux(j) = 0.5d0*(u(j-1) + u(j)) - 0.5d0*(u(j) - u(j-1))
  end do
  c = dt/dx
  do concurrent (j = x_min:x_max)
    unew(j) = u(j) - c*(flux(j+1) - flux(j))
  end do
end subroutine two_phase
