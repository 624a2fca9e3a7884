module do_loop_in_kernel
  use forocl_regions
  implicit none

contains

  subroutine smooth(A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east
    integer :: k
    real :: w

    w = 0.0
    do k = 1, 2  ! ERROR [statement-not-allowed] "\"do\" is not allowed in a kernel"
      w = w + 0.25
    end do
    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    pA => region_ptr(oA, halo)
    pA = 0.5*w*(region_cpy(A,west) + region_cpy(A,east)) + (1.0 - w)*region_cpy(A,halo)
  end subroutine smooth

end module do_loop_in_kernel
