module allocate_in_kernel
  use forocl_regions
  implicit none

contains

  subroutine smooth_faces(A, oA)
  !$OFP PURE, KERNEL :: smooth_faces
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, allocatable, dimension(:,:) :: Ax
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, face_lt, face_rt

    allocate(Ax(15, 14))  ! ERROR [statement-not-allowed] "\"allocate\" is not allowed in a kernel"
    halo    = [1,1,1,1]
    face_lt = [0,1,1,1]
    face_rt = [1,0,1,1]
    Ax = 0.5*(region_cpy(A,face_lt) + region_cpy(A,face_rt))
    face_lt = [0,1,0,0]
    face_rt = [1,0,0,0]
    pA => region_ptr(oA, halo)
    pA = 0.5*(region_cpy(Ax,face_lt) + region_cpy(Ax,face_rt))
  end subroutine smooth_faces

end module allocate_in_kernel
