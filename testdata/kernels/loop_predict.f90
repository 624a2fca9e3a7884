! A multi-phase kernel with an IF on a scalar between nests (a predictor
! or a corrector step, as hydro codes choose per call): every nest is a
! launch that does nothing when its branch is not taken (the numeric
! tier gives mode 4 and 3: both branches run).
!$OFP PURE, KERNEL :: advect
subroutine advect(x_min, x_max, mode, dt, u, flux, unew)
  implicit none
  integer, intent(in) :: x_min, x_max, mode
  real(8), intent(in) :: dt
  real(8), intent(in) :: u(x_min-1:x_max+1)
  real(8) :: flux(x_min:x_max+1)
  real(8), intent(out) :: unew(x_min:x_max)
  integer :: j
  real(8) :: c
  c = dt
  if (mode > 3) then
    c = 0.5d0*dt
    !$omp parallel do
    do j = x_min, x_max+1
      flux(j) = u(j-1)
    end do
  else
    !$omp parallel do
    do j = x_min, x_max+1
      flux(j) = 0.5d0*(u(j-1) + u(j))
    end do
  end if
  !$omp parallel do
  do j = x_min, x_max
    unew(j) = u(j) - c*(flux(j+1) - flux(j))
  end do
end subroutine advect
