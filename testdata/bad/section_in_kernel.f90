module section_in_kernel
  use forocl_regions
  implicit none

contains

  subroutine smooth(n, A, oA)
  !$OFP PURE, KERNEL :: smooth
    integer, intent(in) :: n
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, east

    halo = [1,1,1,1]
    east = [2,0,1,1]
    pA => region_ptr(oA, halo)
    pA = 0.5*region_cpy(A,east) + 0.5*A(1:n-2, 2:n-1)  ! ERROR [array-reference] "array sections such as A(...) are outside"
  end subroutine smooth

end module section_in_kernel
