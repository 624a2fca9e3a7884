module inout_array
  use forocl_regions
  implicit none

contains

  subroutine smooth(A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, dimension(:,:), contiguous, intent(inout) :: A  ! ERROR [kernel-inout] "array \"A\" is intent(inout)"
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east

    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    ! A halo computed by an expression keeps the region dialect's rules
    ! (Note [region dialect updates in place]): A must not be intent(inout).
    pA => region_ptr(oA, halo)
    pA = 0.25*region_cpy(A,west) + 0.5*region_cpy(A,halo) + 0.25*region_cpy(A,east+0)
  end subroutine smooth

end module inout_array
