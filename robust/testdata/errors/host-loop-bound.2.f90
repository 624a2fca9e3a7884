!$OFP PURE, KERNEL :: relax
subroutine relax(n, niter, u, v)
  integer :: n, niter
  real :: u(n), v(n)
  integer :: i, it
  real :: t
  t = 0
  do it = niter, 1, 0  ! ERROR [host-loop-bound] "DO loop step is zero"
    do concurrent (i = 1:n)
      v(i) = 0.5*u(i)
    end do
  end do
  do while (t < 1)  ! ERROR [host-loop-bound] "a loop around parallel loops must be a counted DO loop"
    do concurrent (i = 1:n)
      v(i) = 0.5*u(i)
    end do
  end do
end subroutine relax
