! maxloc: positions of extreme values (maxloc and minloc over whole
! arrays, with and without masks, with empty masks), returned through
! intent(out) position arrays and scalars, and used by later statements.
module maxloc_kernels
  use forocl_regions
  implicit none

contains

  ! Where the water is highest and lowest on the interior, the highest
  ! cell below a threshold, and a position array kept in a local whose
  ! elements a later statement reads.
  subroutine field_peaks(wet, H, hmax, hmin, hwet, code)
  !$OFP PURE, KERNEL :: field_peaks
    real, intent(in) :: wet
    real, dimension(:,:), contiguous, intent(in) :: H
    integer, intent(out) :: hmax(2), hmin(2), hwet(2)
    integer, intent(out) :: code
    integer, dimension(4) :: inner = [1,1,1,1]
    integer :: at(2)

    hmax = maxloc(region_cpy(H, inner))
    hmin = minloc(H)
    hwet = maxloc(H, mask=H < wet + 1.0)
    at = minloc(region_cpy(H, inner), mask=region_cpy(H, inner) > 0.9)
    code = 1000*at(1) + at(2)
  end subroutine

  ! Ties: rounded values repeat, so the first position in column-major
  ! order must win; minloc over an integer grid with many equal values.
  subroutine tie_breaks(H, K, rmax, rmin, kmax, kmin)
  !$OFP PURE, KERNEL :: tie_breaks
    real, dimension(:,:), contiguous, intent(in) :: H
    integer, dimension(:,:), contiguous, intent(in) :: K
    integer, intent(out) :: rmax(2), rmin(2), kmax(2), kmin(2)

    rmax = maxloc(aint(H * 3.0))
    rmin = minloc(aint(H * 3.0))
    kmax = maxloc(K)
    kmin = minloc(K, K > 1)
  end subroutine

  ! Empty masks give zeros.
  subroutine empty_loc(H, x0, x1)
  !$OFP PURE, KERNEL :: empty_loc
    real, dimension(:,:), contiguous, intent(in) :: H
    integer, intent(out) :: x0(2), x1(2)

    x0 = maxloc(H, mask=H < 0.0)
    x1 = minloc(H, H > 2.0)
  end subroutine

  ! real(8) on a 1-D grid: dim=1 gives scalars, usable in expressions and
  ! by the array statement after them.
  subroutine vector_loc(x, ox, imax, imin, span, none)
  !$OFP PURE, KERNEL :: vector_loc
    real(8), dimension(:), contiguous, intent(in) :: x
    real(8), dimension(:), contiguous, intent(out) :: ox
    integer, intent(out) :: imax, imin, span, none
    integer :: whole(1)

    imax = maxloc(x, dim=1)
    imin = minloc(x, 1, mask=x > 1.0d0)
    whole = maxloc(region_cpy(x, [2,1]))
    span = imax - imin + whole(1)
    none = minloc(x, dim=1, mask=x > 5.0d0)
    ox = x * real(imax, 8)
  end subroutine

  ! A 3-D integer grid: three positions.
  subroutine cube_loc(K, kmax, kmin)
  !$OFP PURE, KERNEL :: cube_loc
    integer, dimension(:,:,:), contiguous, intent(in) :: K
    integer, intent(out) :: kmax(3), kmin(3)

    kmax = maxloc(K * 3 - K / 2)
    kmin = minloc(K, mask=K > 3)
  end subroutine

end module
