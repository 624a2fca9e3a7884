subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  halo = [1, 1, -1, 3]
  b = region_cpy(a, halo)  ! ERROR [halo-negative] "halo entry 3 is -1; halo entries must be >= 0"
end subroutine k
