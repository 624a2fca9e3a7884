! where_mask: minmod-limited slopes, the building block of a MUSCL scheme.
!
! In each direction the one-sided differences dl = A - A_left and
! dr = A_right - A are compared; where they have the same sign the slope is
! the one of smaller magnitude, elsewhere (a local extremum) it is zero.
! The x slope uses a where/elsewhere block whose mask is an expression of
! region windows; the y slope is first set to zero and then overwritten by a
! single-statement where.
module where_mask
  use forocl_regions
  implicit none

contains

  subroutine minmod_slopes(A, oSx, oSy)
  !$OFP PURE, KERNEL :: minmod_slopes
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oSx, oSy
    real, pointer, dimension(:,:) :: pSx, pSy
    integer, dimension(4) :: halo, west, east, south, north

    halo  = [1,1,1,1]
    west  = [0,2,1,1]; east  = [2,0,1,1]
    south = [1,1,0,2]; north = [1,1,2,0]

    pSx => region_ptr(oSx, halo)
    pSy => region_ptr(oSy, halo)

    where ( (region_cpy(A,halo) - region_cpy(A,west))          &
          * (region_cpy(A,east) - region_cpy(A,halo)) > 0.0 )
      pSx = sign( min( abs(region_cpy(A,halo) - region_cpy(A,west)),    &
                       abs(region_cpy(A,east) - region_cpy(A,halo)) ),  &
                  region_cpy(A,halo) - region_cpy(A,west) )
    elsewhere
      pSx = 0.0
    end where

    pSy = 0.0
    where ( (region_cpy(A,halo) - region_cpy(A,south))         &
          * (region_cpy(A,north) - region_cpy(A,halo)) > 0.0 )  &
      pSy = sign( min( abs(region_cpy(A,halo) - region_cpy(A,south)),   &
                       abs(region_cpy(A,north) - region_cpy(A,halo)) ), &
                  region_cpy(A,north) - region_cpy(A,halo) )
  end subroutine minmod_slopes

end module where_mask
