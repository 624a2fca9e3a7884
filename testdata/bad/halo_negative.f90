module halo_negative
  use forocl_regions
  implicit none

contains

  subroutine shift_down(A, oA)
  !$OFP PURE, KERNEL :: shift_down
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, below

    halo  = [1,1,1,1]
    below = [1,1,2,-1]
    pA => region_ptr(oA, halo)
    pA = 0.5*(region_cpy(A,halo) + region_cpy(A,below))  ! ERROR [halo-negative] "halo entry 4 is -1; halo entries must be >= 0"
  end subroutine shift_down

end module halo_negative
