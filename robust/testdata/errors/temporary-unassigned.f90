subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  real, dimension(:,:), allocatable :: t
  b = a + t  ! ERROR [temporary-unassigned] "temporary \"t\" is read before it is assigned"
  t = a
end subroutine k
