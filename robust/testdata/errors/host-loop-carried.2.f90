!$OFP PURE, KERNEL :: total_over_trips
subroutine total_over_trips(n, niter, u, total)
  integer :: n, niter
  real :: u(n)
  real, intent(out) :: total
  integer :: i, it
  real :: s
  s = 0
  do it = 1, niter
    do concurrent (i = 1:n)
      u(i) = 0.5*u(i)
    end do
    !$omp parallel do reduction(+:s)
    do i = 1, n  ! ERROR [host-loop-carried] "the reduction into \"s\" adds to its value from the trip before"
      s = s + u(i)
    end do
  end do
  total = s
end subroutine total_over_trips
