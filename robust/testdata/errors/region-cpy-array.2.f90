subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  real :: c
  halo = [1, 1, 1, 1]
  c = 1.0
  b = region_cpy(c, halo)  ! ERROR [region-cpy-array] "first argument of region_cpy must be an array of the kernel"
end subroutine k
