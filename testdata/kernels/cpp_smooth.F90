! cpp_smooth: a five-point smoother written for the preprocessor, as real
! codes are: the weight and a clamp come from an #include file, a
! function-like macro sums the four neighbours, and #ifdef picks the
! clamped or the plain update. gfortran preprocesses .F90 files by their
! extension; forocl does the same with its own preprocessor.
!
!     oU = (1 - 4w) U + w (U_w + U_e + U_s + U_n), clamped to [lo, hi]
!
! gfortran limits a line to 132 columns after expansion, so the macro use
! sits on a continuation line of its own.
#define NEIGHBOURS(A) (region_cpy(A,west)+region_cpy(A,east)+region_cpy(A,south)+region_cpy(A,north))
module cpp_smooth
  use forocl_regions
  implicit none
#include "cpp_smooth.inc"
#ifndef SMOOTH_WEIGHT
#error SMOOTH_WEIGHT is not defined
#endif
  real, parameter :: w = SMOOTH_WEIGHT

contains

  subroutine smooth5(U, oU)
  !$OFP PURE, KERNEL :: smooth5
    real, dimension(:,:), contiguous, intent(in) :: U
    real, dimension(:,:), contiguous, intent(out), target :: oU
    real, pointer, dimension(:,:) :: pU
    integer, dimension(4) :: halo, west, east, south, north

    halo  = [1,1,1,1]
    west  = [0,2,1,1]
    east  = [2,0,1,1]
    south = [1,1,0,2]
    north = [1,1,2,0]

    pU => region_ptr(oU, halo)
#ifdef SMOOTH_CLAMP
    pU = min(max((1.0 - 4.0*w)*region_cpy(U,halo) &
       + w*NEIGHBOURS(U), lo), hi)
#else
    pU = (1.0 - 4.0*w)*region_cpy(U,halo) &
       + w*NEIGHBOURS(U)
#endif
  end subroutine smooth5

end module cpp_smooth
