! Array syntax beside loop nests, as a legacy advection step mixes them:
! whole-array and section assignments, an OpenMP nest for the fluxes, a
! scalar computed between them and a section update from the fluxes.
!$OFP PURE, KERNEL :: advect
subroutine advect(nx, ny, dt, dx, u, q, flux, qnew)
  implicit none
  integer, intent(in) :: nx, ny
  real(kind=8), intent(in) :: dt, dx
  real(kind=8), intent(in) :: u(0:nx, ny), q(0:nx+1, ny)
  real(kind=8), intent(out) :: flux(0:nx, ny), qnew(0:nx+1, ny)
  real(kind=8) :: c
  integer :: i, j
  flux = 0.0_8
  qnew(0, :) = q(0, :)
  qnew(nx+1, :) = q(nx+1, :)
  !$omp parallel do private(i)
  do j = 1, ny
    do i = 0, nx
      if (u(i, j) > 0.0_8) then
        flux(i, j) = u(i, j)*q(i, j)
      else
        flux(i, j) = u(i, j)*q(i+1, j)
      end if
    end do
  end do
  c = dt/dx
  qnew(1:nx, :) = q(1:nx, :) - c*(flux(1:nx, :) - flux(0:nx-1, :))
  qnew(1:nx, 1) = abs(qnew(1:nx, 1))
end subroutine advect
