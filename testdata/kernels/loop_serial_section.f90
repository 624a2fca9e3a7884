! A DO loop that updates its array in place through an offset read from
! an input array (as a halo width is), so forocl cannot prove its
! iterations apart and runs it in order on one work-item. Its body copies
! a three-point window into a local array with array syntax: the
! window's own loop must not reuse the serial launch's index (an
! internal error once).
! test input: off values in 1:1
!$OFP PURE, KERNEL :: window_update
subroutine window_update(q, off, c)
   implicit none
   integer, parameter :: nx = 12
   real, dimension(nx+2), intent(inout) :: q
   integer, intent(in) :: off(2)
   real, intent(in) :: c
   real :: w(-1:1), f(-1:1)
   integer :: i, j
   do i = 1, nx  ! WARNING [loop-serial] written through an index read from off
      j = i + off(1)
      w = q(j-1:j+1)
      f = c*w
      q(j) = q(j) + 0.25*(w(-1) - 2*w(0) + w(1)) - 0.5*(f(1) - f(-1))
   end do
end subroutine window_update
