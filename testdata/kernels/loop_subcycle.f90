! A predictor/corrector pair of nests sub-cycled nsub times inside the
! kernel, with a weight computed from the sub-cycle counter between the
! nests and a damping nest on every second sub-cycle but the last (a
! CYCLE): the host repeats the launches, passing isub to each; every
! work-item recomputes w.
!$OFP PURE, KERNEL :: subcycle
subroutine subcycle(n, nsub, dt, f, u, up)
  use iso_fortran_env, only: real64
  implicit none
  integer, intent(in) :: n, nsub
  real(real64), intent(in) :: dt
  real(real64), intent(in) :: f(n)
  real(real64) :: u(0:n+1), up(0:n+1)
  integer :: i, isub
  real(real64) :: h, w
  h = dt/nsub
  do isub = 1, nsub
    w = merge(0.5_real64, 1.0_real64, mod(isub, 2) == 0)
    ! predictor
    do concurrent (i = 1:n)
      up(i) = u(i) - 0.5_real64*h*w*(u(i+1) - u(i-1)) + h*f(i)
    end do
    ! corrector
    do concurrent (i = 1:n)
      u(i) = 0.5_real64*(u(i) + up(i)) - 0.25_real64*h*(up(i+1) - up(i-1))
    end do
    if (isub == nsub) cycle
    if (mod(isub, 2) == 0) then
      do concurrent (i = 1:n)
        u(i) = 0.999_real64*u(i) + 0.001_real64*w*up(i)
      end do
    end if
  end do
end subroutine subcycle
