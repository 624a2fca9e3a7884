! where_block: advection in x with a scheme chosen cell by cell.
!
! The local velocity is u = W - 1 (W in [0.5, 1.5] gives u in [-0.5, 0.5]).
! Where the flow is clearly to the right (u > 0.1) the update is upwinded
! from the left cell, where it is clearly to the left (u < -0.1) from the
! right cell, and elsewhere, in the nearly stagnant cells, the value relaxes
! towards the mean of its neighbours. A where construct with a masked
! elsewhere and a final elsewhere writes the interior of oA through the
! pointer pA.
module where_block
  use forocl_regions
  implicit none

contains

  subroutine switch_advect(dt, dx, W, A, oA)
  !$OFP PURE, KERNEL :: switch_advect
    real, intent(in) :: dt, dx
    real, dimension(:,:), contiguous, intent(in) :: W, A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east

    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]

    pA => region_ptr(oA, halo)

    where (region_cpy(W,halo) - 1.0 > 0.1)
      pA = region_cpy(A,halo) - (dt/dx)*(region_cpy(W,halo) - 1.0)        &
                               *(region_cpy(A,halo) - region_cpy(A,west))
    elsewhere (region_cpy(W,halo) - 1.0 < -0.1)
      pA = region_cpy(A,halo) - (dt/dx)*(region_cpy(W,halo) - 1.0)        &
                               *(region_cpy(A,east) - region_cpy(A,halo))
    elsewhere
      pA = 0.5*region_cpy(A,halo)                                         &
         + 0.25*(region_cpy(A,west) + region_cpy(A,east))
    end where
  end subroutine switch_advect

end module where_block
