subroutine k(w, a, b)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: w
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  halo = [w, w, w, w]
  pb => region_ptr(b, halo)  ! ERROR [halo-not-constant] "halo \"halo\" is not constant here: it is set"
  pb = region_cpy(a, halo)
end subroutine k
