! Bounds the device computes, two more ways (issue 22): a serial DO that
! counts into the bound itself, and a bound whose value needs exp and
! log, which the host does not evaluate as gfortran does, so a nest of
! one iteration computes it on the device (Note [device scalars] in
! package sema). Either way the host reads the bound back when it
! reaches the parallel loop and sizes that launch then (Note [late
! launches] in package abi); at m = 2000 both run past one work-group.
!$OFP PURE, KERNEL :: late_serial
subroutine late_serial(m, a, c)
  implicit none
  integer, intent(in) :: m
  real(8), intent(in) :: a(m)
  real(8), intent(out) :: c(m)
  integer :: i, n
  c = 0
  n = 0
  do i = 1, m  ! WARNING [loop-serial]: the running count
    if (a(i) > 1.0d0) n = n + 1
    if (a(i) > 1.4d0) c(n) = a(i)
  end do
  do i = 1, n
    c(i) = c(i) + i
  end do
end subroutine

!$OFP PURE, KERNEL :: late_device_scalar
subroutine late_device_scalar(m, a, c)
  implicit none
  integer, intent(in) :: m
  real(8), intent(in) :: a(m)
  real(8), intent(out) :: c(m)
  integer :: i, n
  c = 0
  n = int(exp(log(real(m, 8)) - 0.5d0))
  do i = 1, n
    c(i) = a(i) + i
  end do
end subroutine

! A bound set under an IF whose condition reads a reduction: the dry run
! runs neither branch, so the launch is late too, sized when the host
! reaches it (n = m - 7 at m = 2000, not the 300 set before the IF).
!$OFP PURE, KERNEL :: late_if
subroutine late_if(m, a, c)
  implicit none
  integer, intent(in) :: m
  real(8), intent(in) :: a(m)
  real(8), intent(out) :: c(m)
  integer :: i, cnt, n
  c = 0
  cnt = 0
  !$omp parallel do reduction(+:cnt)
  do i = 1, m
    if (a(i) > 1.0d0) cnt = cnt + 1
  end do
  n = 300
  if (cnt > m / 4) then
    n = m - 7
  end if
  do i = 1, n
    c(i) = 2*a(i) + i
  end do
end subroutine
