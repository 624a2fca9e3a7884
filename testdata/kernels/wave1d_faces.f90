! wave1d_faces: one-dimensional linear advection u_t + a u_x = 0 by the
! two-step (Richtmyer) Lax-Wendroff scheme, with a face temporary.
!
! Step 1 puts half-step values on the n-1 faces between cells:
!     Uf = (U_lt + U_rt)/2 - (c/2) (U_rt - U_lt),   c = a dt/dx,
! with face_lt = [0,1] (cells 1..n-1) and face_rt = [1,0] (cells 2..n).
! Step 2 redefines the face halos ([0,1] and [1,0] of the n-1 faces give the
! n-2 faces left and right of each interior cell) and updates the interior:
!     U_new = U - c (Uf_rt - Uf_lt).
module wave1d_faces
  use forocl_regions
  implicit none

contains

  subroutine lw_advect(a, dt, dx, U, oU)
  !$OFP PURE, KERNEL :: lw_advect
    real, intent(in) :: a, dt, dx
    real, dimension(:), contiguous, intent(in) :: U
    real, dimension(:), contiguous, intent(out), target :: oU
    real, allocatable, dimension(:) :: Uf
    real, pointer, dimension(:) :: pU
    integer, dimension(2) :: halo, face_lt, face_rt
    real :: c

    c = a*dt/dx
    halo    = [1,1]
    face_lt = [0,1]
    face_rt = [1,0]

    ! step 1: n-1 face values
    Uf = 0.5*( region_cpy(U,face_lt) + region_cpy(U,face_rt) )     &
       - 0.5*c*( region_cpy(U,face_rt) - region_cpy(U,face_lt) )

    ! step 2: the same face halos now select n-2 faces of the n-1
    pU => region_ptr(oU, halo)
    pU = region_cpy(U,halo) - c*( region_cpy(Uf,face_rt) - region_cpy(Uf,face_lt) )
  end subroutine lw_advect

end module wave1d_faces
