! A bound the device computes (issue 22, the ParRes pic init_particles
! form): a serial DO packs the elements above 1 and counts them in ip;
! the plain DO after it runs to n = ip - 1, in parallel. The host reads
! ip back from the device when the program reaches the second loop and
! sizes its launch then (Note [late launches] in package abi), so at
! m = 2000 it covers every packed element, past the first work-group.
!$OFP PURE, KERNEL :: late_count
subroutine late_count(m, a, b, c)
  implicit none
  integer, intent(in) :: m
  real(8), intent(in) :: a(m)
  real(8), intent(out) :: b(m), c(m)
  integer :: i, ip, n
  b = 0
  c = 0
  ip = 1
  do i = 1, m  ! WARNING [loop-serial]: the running count
    if (a(i) > 1.0d0) then
      b(ip) = a(i)
      ip = ip + 1
    end if
  end do
  n = ip - 1
  do i = 1, n
    c(i) = 2*b(i) + i
  end do
end subroutine
