subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  halo = [1, 1]  ! ERROR [halo-size-mismatch] "halo \"halo\" has 4 entries but is assigned 2"
  b = region_cpy(a, halo)
end subroutine k
