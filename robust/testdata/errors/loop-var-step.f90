! A DO CONCURRENT whose step is not a constant runs one work-item per
! iteration; the host computes its trip count before the launch, which it
! cannot do inside a DO loop around nests.
!$OFP PURE, KERNEL :: sweeps
subroutine sweeps(n, nt, a)
  integer, intent(in) :: n, nt
  real, intent(inout) :: a(n)
  integer :: i, it
  do it = 1, 3
    do concurrent (i = 1:n:nt*it)  ! ERROR [loop-var-step] "the loop is inside a DO loop around nests"
      a(i) = a(i) + 1
    end do
  end do
end subroutine sweeps
