module explicit_shape_dummy
  use forocl_regions
  implicit none

contains

  subroutine smooth(A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, dimension(64,64), intent(in) :: A  ! ERROR [kernel-array-not-assumed-shape] "array \"A\" must be assumed-shape"
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east

    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    pA => region_ptr(oA, halo)
    pA = 0.25*region_cpy(A,west) + 0.5*region_cpy(A,halo) + 0.25*region_cpy(A,east)
  end subroutine smooth

end module explicit_shape_dummy
