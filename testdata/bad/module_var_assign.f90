module module_var_assign
  use forocl_regions
  implicit none
  real :: last_weight = 0.0

contains

  subroutine smooth(w, A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, intent(in) :: w
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east

    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    last_weight = w  ! ERROR [module-variable] "a kernel cannot write module variable"
    pA => region_ptr(oA, halo)
    pA = 0.5*w*(region_cpy(A,west) + region_cpy(A,east)) + (1.0 - w)*region_cpy(A,halo)
  end subroutine smooth

end module module_var_assign
