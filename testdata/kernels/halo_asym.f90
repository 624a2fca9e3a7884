! halo_asym: upwind advection with an asymmetric halo.
!
! For a flow towards +x and +y the update only looks upstream: the
! second-order Beam-Warming scheme in x (cells i-1, i-2) and first-order
! upwinding in y (cell j-1). The updated region therefore has the asymmetric
! halo [2,0,1,0]: two cells on the low x side, none on the high sides. The
! upstream windows are the same region shifted down: [1,1,1,0] (i-1),
! [0,2,1,0] (i-2) and [2,0,0,1] (j-1). Cx = ax dt/dx and cy = ay dt/dy are
! the Courant numbers (0 <= cx <= 2, 0 <= cy <= 1 for stability).
module halo_asym
  use forocl_regions
  implicit none

contains

  subroutine upwind_advect(cx, cy, A, oA)
  !$OFP PURE, KERNEL :: upwind_advect
    real, intent(in) :: cx, cy
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, im1, im2, jm1

    halo = [2,0,1,0]
    im1  = [1,1,1,0]
    im2  = [0,2,1,0]
    jm1  = [2,0,0,1]

    pA => region_ptr(oA, halo)
    pA = region_cpy(A,halo)                                                   &
       - 0.5*cx*( 3.0*region_cpy(A,halo) - 4.0*region_cpy(A,im1)              &
                + region_cpy(A,im2) )                                         &
       + 0.5*cx*cx*( region_cpy(A,halo) - 2.0*region_cpy(A,im1)               &
                   + region_cpy(A,im2) )                                      &
       - cy*( region_cpy(A,halo) - region_cpy(A,jm1) )
  end subroutine upwind_advect

end module halo_asym
