! expect: halo has 6 entries but A and oA have rank 2 (a rank-2 halo has 4 entries)
module halo_wrong_count
  use forocl_regions
  implicit none

contains

  subroutine scale_interior(A, oA)
  !$OFP PURE, KERNEL :: scale_interior
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(6) :: halo

    halo = [1,1,1,1,1,1]
    pA => region_ptr(oA, halo)
    pA = 0.5*region_cpy(A,halo)
  end subroutine scale_interior

end module halo_wrong_count
