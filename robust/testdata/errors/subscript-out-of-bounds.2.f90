subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  halo = [1, 1, 1, 1]
  halo(5) = 0  ! ERROR [subscript-out-of-bounds] "subscript 5 is out of bounds 1:4 of halo \"halo\""
  pb => region_ptr(b, halo)
  pb = region_cpy(a, halo)
end subroutine k
