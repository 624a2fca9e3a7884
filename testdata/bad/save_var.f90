module save_var
  use forocl_regions
  implicit none

contains

  subroutine smooth(A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east
    real, save :: w

    w = 0.25  ! ERROR [save-local] "local \"w\" has the save attribute"
    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    pA => region_ptr(oA, halo)
    pA = w*(region_cpy(A,west) + region_cpy(A,east)) + (1.0 - 2.0*w)*region_cpy(A,halo)
  end subroutine smooth

end module save_var
