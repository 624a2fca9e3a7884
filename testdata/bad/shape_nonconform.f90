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
    pH = 0.5*(region_cpy(H,[0,1,1,1]) + region_cpy(H,[1,1,1,1]))  ! ERROR [shape-mismatch] "array shapes do not conform: region_cpy(H,"
  end subroutine average

end module shape_nonconform
