! elemental_if: monotonised-central (MC) limited slopes in y.
!
! The pure elemental function minmod3 contains an if / else if / else block:
! it returns the argument of least magnitude when all three arguments have
! the same sign, and zero otherwise. The kernel applies it element by
! element to region windows: slope = minmod3(2 dl, (dl+dr)/2, 2 dr).
module elemental_if
  use forocl_regions
  implicit none

contains

  pure elemental real function minmod3(a, b, c)
    real, intent(in) :: a, b, c
    if (a > 0.0 .and. b > 0.0 .and. c > 0.0) then
      minmod3 = min(a, b, c)
    else if (a < 0.0 .and. b < 0.0 .and. c < 0.0) then
      minmod3 = max(a, b, c)
    else
      minmod3 = 0.0
    end if
  end function minmod3

  subroutine mc_slope_y(A, oS)
  !$OFP PURE, KERNEL :: mc_slope_y
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oS
    real, pointer, dimension(:,:) :: pS
    integer, dimension(4) :: halo, south, north

    halo  = [1,1,1,1]
    south = [1,1,0,2]
    north = [1,1,2,0]

    pS => region_ptr(oS, halo)
    pS = minmod3( 2.0*(region_cpy(A,halo) - region_cpy(A,south)),         &
                  0.5*(region_cpy(A,north) - region_cpy(A,south)),        &
                  2.0*(region_cpy(A,north) - region_cpy(A,halo)) )
  end subroutine mc_slope_y

end module elemental_if
