module read_intent_out
  use forocl_regions
  implicit none

contains

  subroutine smooth(A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east

    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    pA => region_ptr(oA, halo)
    pA = 0.25*region_cpy(A,west) + 0.5*region_cpy(oA,halo) + 0.25*region_cpy(A,east)  ! ERROR [read-intent-out] "intent(out) array \"oA\" is read"
  end subroutine smooth

end module read_intent_out
