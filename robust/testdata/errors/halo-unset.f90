subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  pb => region_ptr(b, halo)  ! ERROR [halo-unset] "halo \"halo\" is used before it is set"
  pb = region_cpy(a, halo)
end subroutine k
