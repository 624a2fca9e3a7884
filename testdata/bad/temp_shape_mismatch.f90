module temp_shape_mismatch
  use forocl_regions
  implicit none

contains

  subroutine face_average(H, oH)
  !$OFP PURE, KERNEL :: face_average
    real, dimension(:,:), contiguous, intent(in) :: H
    real, dimension(:,:), contiguous, intent(out), target :: oH
    real, allocatable, dimension(:,:) :: Hx
    real, pointer, dimension(:,:) :: pH
    integer, dimension(4) :: halo, face_lt, face_rt

    halo    = [1,1,1,1]
    face_lt = [0,1,1,1]
    face_rt = [1,0,1,1]
    Hx = 0.5*(region_cpy(H,face_lt) + region_cpy(H,face_rt))
    pH => region_ptr(oH, halo)
    pH = Hx  ! ERROR [shape-mismatch] "array shapes do not conform: \"Hx\" is (n1-1,"
  end subroutine face_average

end module temp_shape_mismatch
