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
    pA => region_ptr(oA, halo)  ! ERROR [halo-rank-mismatch] "halo \"halo\" has 6 entries but \"oA\" has rank 2"
    pA = 0.5*region_cpy(A,halo)  ! ERROR [halo-rank-mismatch] "halo \"halo\" has 6 entries but \"A\" has rank 2"
  end subroutine scale_interior

end module halo_wrong_count
