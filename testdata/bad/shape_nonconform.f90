! expect: region_cpy(H,[0,1,1,1]) and region_cpy(H,[1,1,1,1]) have different shapes and cannot be added
module shape_nonconform
  use forocl_regions
  implicit none

contains

  subroutine average(H, oH)
  !$OFP PURE, KERNEL :: average
    real, dimension(:,:), contiguous, intent(in) :: H
    real, dimension(:,:), contiguous, intent(out), target :: oH
    real, pointer, dimension(:,:) :: pH
    integer, dimension(4) :: halo

    halo = [1,1,1,1]
    pH => region_ptr(oH, halo)
    pH = 0.5*(region_cpy(H,[0,1,1,1]) + region_cpy(H,[1,1,1,1]))
  end subroutine average

end module shape_nonconform
