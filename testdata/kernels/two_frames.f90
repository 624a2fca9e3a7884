! two_frames: two outputs over different regions of the grid in one kernel.
! oLap is written on the interior (halo 1 on every side), oMag on the whole
! array, and oFlux on an asymmetric region; a face temporary feeds oFlux.
! The launch covers the union of the three frames, and each statement
! checks its own.
module two_frames
  use forocl_regions
  implicit none
contains

subroutine laplace_and_magnitude(A, B, oLap, oMag, oFlux)
!$OFP PURE, KERNEL :: laplace_and_magnitude
  real, dimension(:,:), contiguous, intent(in) :: A, B
  real, dimension(:,:), contiguous, intent(out), target :: oLap, oMag, oFlux
  real, pointer, dimension(:,:) :: pLap, pFlux
  real, allocatable, dimension(:,:) :: F
  integer, dimension(4) :: inner, right

  inner = [1,1,1,1]
  right = [0,1,0,0]

  oMag = sqrt(A*A + B*B)

  pLap => region_ptr(oLap, inner)
  pLap = region_cpy(A,[0,2,1,1]) + region_cpy(A,[2,0,1,1]) &
       + region_cpy(A,[1,1,0,2]) + region_cpy(A,[1,1,2,0]) - 4.0*region_cpy(A, inner)

  ! x faces over every row: (n1-1) x n2
  F = 0.5*(region_cpy(B,[0,1,0,0]) + region_cpy(B,[1,0,0,0]))
  pFlux => region_ptr(oFlux, [1,1,0,0])
  pFlux = region_cpy(F,[1,0,0,0]) - region_cpy(F,[0,1,0,0])
end subroutine laplace_and_magnitude

end module two_frames
