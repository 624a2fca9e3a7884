!$OFP PURE, KERNEL :: advance
subroutine advance(n, dt, tend, u, v)
  integer :: n
  real :: dt, tend
  real :: u(n), v(n)
  integer :: i, it, nsteps
  nsteps = int(tend/dt)
  do it = 1, nsteps  ! ERROR [host-loop-bound] "the upper bound of a DO loop around parallel loops must be affine in the kernel's integer scalar dummies: it has variable \"nsteps\""
    do concurrent (i = 1:n)
      v(i) = 0.5*u(i)
    end do
    do concurrent (i = 1:n)
      u(i) = v(i)
    end do
  end do
end subroutine advance
