! A time-step kernel in the CloverLeaf calc_dt manner: a min reduction over
! the cells, then host code that reports the result with list-directed
! WRITE and PRINT statements (to standard error and standard output), one
! of them only when the step is too small. The host runs them in order,
! laid out as gfortran lays them out.
!$OFP PURE, KERNEL :: report_dt
subroutine report_dt(n, dtmin, c, dt, small)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: dtmin
  real(8), intent(in) :: c(n)
  real(8), intent(out) :: dt
  integer, intent(out) :: small
  integer :: i
  real :: half
  small = 0
  dt = 1.0d30
  !$omp parallel do reduction(min:dt)
  do i = 1, n
    dt = min(dt, 0.5d0/(abs(c(i)) + 1.0d-3))
  end do
  half = real(dt)/2
  if (dt < dtmin) small = 1
  write(0,*) 'Timestep information:'
  write(0,*) 'n, small            : ', n, small
  write(0,*) 'timestep : ', dt, half, dt < dtmin
  if (small /= 0) then
    print *, 'step too small:', dt, 'below', dtmin
  end if
  write(*,*)
end subroutine report_dt
