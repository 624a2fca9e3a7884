module impure_call
  use forocl_regions
  implicit none

contains

  subroutine trace(x)
    real, intent(in) :: x
    print *, 'smooth called with w =', x
  end subroutine trace

  subroutine smooth(w, A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, intent(in) :: w
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east

    call trace(w)  ! ERROR [call-side-effect] "subroutine \"trace\" does output"
    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    pA => region_ptr(oA, halo)
    pA = 0.5*w*(region_cpy(A,west) + region_cpy(A,east)) + (1.0 - w)*region_cpy(A,halo)
  end subroutine smooth

end module impure_call
