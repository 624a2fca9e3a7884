module stop_in_kernel
  use forocl_regions
  implicit none

contains

  subroutine smooth(w, A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, intent(in) :: w
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east

    if (w > 1.0) stop 1  ! ERROR [statement-not-allowed] "\"stop\" is not allowed in a kernel"
    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    pA => region_ptr(oA, halo)
    pA = 0.5*w*(region_cpy(A,west) + region_cpy(A,east)) + (1.0 - w)*region_cpy(A,halo)
  end subroutine smooth

end module stop_in_kernel
