! A bound the device computes, in integer(8) (issue 22, ParRes pic
! init_particles): the running count ip and the bound n are int64 locals;
! the loop to n runs in parallel, sized when the host reaches it (Note
! [late launches] in package abi), at m = 2000 past the first work-group.
!$OFP PURE, KERNEL :: late_count8
subroutine late_count8(m, a, b, c)
  use iso_fortran_env, only: int64
  implicit none
  integer(int64), intent(in) :: m
  real(8), intent(in) :: a(m)
  real(8), intent(out) :: b(m), c(m)
  integer(int64) :: i, ip, n
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
