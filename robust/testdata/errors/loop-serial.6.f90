! A DO CONCURRENT whose step is not a constant runs one work-item per
! iteration, the host computing its trip count before the launch; inside
! a DO loop around nests the host cannot, and it runs in order.
!$OFP PURE, KERNEL :: sweeps
subroutine sweeps(n, nt, a)
  integer, intent(in) :: n, nt
  real, intent(inout) :: a(n)
  integer :: i, it
  do it = 1, 3
    do concurrent (i = 1:n:nt*it)  ! WARNING [loop-serial] "inside a DO loop around nests, before whose launches the host cannot compute its trip count"
      a(i) = a(i) + 1
    end do
  end do
end subroutine sweeps
