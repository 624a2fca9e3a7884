! avg3_1d: the paper's one-dimensional three-point average (section 2.1),
!     X = (cshift(X,-1) + X + cshift(X,1)) / 3
! written with regions instead of shifts and double buffered through an
! intent(out) array: the interior 2..n-1 of oX gets the average of each cell
! and its two neighbours; oX(1) and oX(n) are left alone.
module avg3_1d
  use forocl_regions
  implicit none

contains

  subroutine avg3(X, oX)
  !$OFP PURE, KERNEL :: avg3
    real, dimension(:), contiguous, intent(in) :: X
    real, dimension(:), contiguous, intent(out), target :: oX
    real, pointer, dimension(:) :: pX
    integer, dimension(2) :: left, centre, right

    left   = [0,2]
    centre = [1,1]
    right  = [2,0]

    pX => region_ptr(oX, centre)
    pX = ( region_cpy(X,left) + region_cpy(X,centre) + region_cpy(X,right) ) / 3.0
  end subroutine avg3

end module avg3_1d
