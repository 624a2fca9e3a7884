subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  real, dimension(:,:), allocatable :: t
  t = 1.0  ! ERROR [temporary-shape-unknown] "cannot tell the shape of temporary \"t\": the"
  b = a
end subroutine k
