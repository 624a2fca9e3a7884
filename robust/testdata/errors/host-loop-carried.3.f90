! A scalar that every branch of an IF sets is set for the trip; one that
! some branch leaves alone keeps the previous trip's value.
!$OFP PURE, KERNEL :: weights
subroutine weights(n, niter, u, v)
  integer :: n, niter
  real :: u(n), v(n)
  integer :: i, it
  real :: w
  w = 0
  do it = 1, niter
    if (mod(it, 3) == 0) then
      w = 0.25
    else if (mod(it, 3) == 1) then
      w = 0.5
    else
      w = 0.75
    end if
    do concurrent (i = 1:n)
      v(i) = w*u(i)
    end do
  end do
  do it = 1, niter
    if (mod(it, 3) == 0) then
      w = 0.25
    else if (mod(it, 3) == 1) then
      w = 0.5
    end if
    do concurrent (i = 1:n)
      v(i) = w*u(i)  ! ERROR [host-loop-carried] "scalar \"w\" is read before this trip of the loop at line 22 sets it"
    end do
  end do
end subroutine weights
