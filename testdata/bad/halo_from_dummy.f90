module halo_from_dummy
  use forocl_regions
  implicit none

contains

  subroutine smooth(w, A, oA)
  !$OFP PURE, KERNEL :: smooth
    integer, intent(in) :: w
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo

    halo = [w,w,w,w]
    pA => region_ptr(oA, halo)  ! ERROR [halo-not-constant] "halo \"halo\" is not constant here: it is set"
    pA = 0.5*region_cpy(A,halo)
  end subroutine smooth

end module halo_from_dummy
