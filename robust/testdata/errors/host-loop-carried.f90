!$OFP PURE, KERNEL :: ramp
subroutine ramp(n, niter, dt, u, v)
  integer :: n, niter
  real :: dt
  real :: u(n), v(n)
  integer :: i, it
  real :: t
  t = 0
  do it = 1, niter
    t = t + dt  ! ERROR [host-loop-carried] "scalar \"t\" is read before this trip of the loop at line 9 sets it"
    do concurrent (i = 1:n)
      v(i) = u(i)*t
    end do
    do concurrent (i = 1:n)
      u(i) = v(i)
    end do
  end do
end subroutine ramp
