! An integer(8) running count (issue 22, the ParRes pic init_particles
! form): a serial DO packs the elements above 1 and counts them in ip,
! an integer(8) local whose last value the host reads back from the
! device into the integer(8) result cnt; then a parallel loop. (A bound
! computed from ip is sized when the host reads it back:
! loop_late_count8.)
!$OFP PURE, KERNEL :: pack_count
subroutine pack_count(n, a, b, c, cnt)
  use iso_fortran_env, only: int64
  implicit none
  integer(int64), intent(in) :: n
  real(8), intent(in) :: a(n)
  real(8), intent(out) :: b(n), c(n)
  integer(int64), intent(out) :: cnt
  integer(int64) :: i, j, ip
  b = 0
  c = 0
  ip = 1
  do i = 1, n  ! WARNING [loop-serial]: the running count
    if (a(i) > 1.0d0) then
      b(ip) = a(i)
      ip = ip + 1
    end if
  end do
  cnt = ip - 1
  do concurrent (j = 1:n-2)
    c(j) = 2*a(j) + j
  end do
end subroutine
