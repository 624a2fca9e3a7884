module region_ptr_intent_in
  use forocl_regions
  implicit none

contains

  subroutine smooth(A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, dimension(:,:), contiguous, intent(in), target :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA, pIn
    integer, dimension(4) :: halo, west, east

    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    pA => region_ptr(oA, halo)
    pIn => region_ptr(A, halo)  ! ERROR [region-ptr-intent-in] "region_ptr target \"A\" is intent(in)"
    pA = 0.25*region_cpy(A,west) + 0.5*region_cpy(A,halo) + 0.25*region_cpy(A,east)
    pIn = 0.0
  end subroutine smooth

end module region_ptr_intent_in
