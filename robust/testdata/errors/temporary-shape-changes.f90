subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  real, dimension(:,:), allocatable :: t
  halo = [1, 1, 1, 1]
  t = a
  t = region_cpy(a, halo)  ! ERROR [temporary-shape-changes] "temporary \"t\" is (n1, n2) from its first"
  b = t
end subroutine k
