! heat3d_faces: conservative heat-conduction step in 3-D with a variable
! conductivity K, with flux temporaries on the x faces and the z faces.
!
!     T_new = T - dt ( (Fx_r - Fx_l)/dx + (Fy_r - Fy_l)/dy + (Fz_r - Fz_l)/dz )
!     F = -K_face dT/dn,  K_face = arithmetic mean of the two cells.
!
! Step 1 computes Fx on the (n1-1) x (n2-2) x (n3-2) x faces and Fz on the
! (n1-2) x (n2-2) x (n3-1) z faces. Step 2 redefines the face halos so that
! both face arrays give interior-shaped windows; the y fluxes are written
! inline from the cell values.
module heat3d_faces
  use forocl_regions
  implicit none

contains

  subroutine heat3d_var(dt, dx, dy, dz, T, K, oT)
  !$OFP PURE, KERNEL :: heat3d_var
    real, intent(in) :: dt, dx, dy, dz
    real, dimension(:,:,:), contiguous, intent(in) :: T, K
    real, dimension(:,:,:), contiguous, intent(out), target :: oT
    real, allocatable, dimension(:,:,:) :: Fx, Fz
    real, pointer, dimension(:,:,:) :: pT
    integer, dimension(6) :: halo, face_xl, face_xr, face_zl, face_zr
    integer, dimension(6) :: ym, yp

    halo    = [1,1,1,1,1,1]
    face_xl = [0,1,1,1,1,1]; face_xr = [1,0,1,1,1,1]
    face_zl = [1,1,1,1,0,1]; face_zr = [1,1,1,1,1,0]
    ym = [1,1,0,2,1,1]; yp = [1,1,2,0,1,1]

    ! step 1: fluxes through the x faces and the z faces
    Fx = -0.5*( region_cpy(K,face_xl) + region_cpy(K,face_xr) )     &
       * ( region_cpy(T,face_xr) - region_cpy(T,face_xl) ) / dx
    Fz = -0.5*( region_cpy(K,face_zl) + region_cpy(K,face_zr) )     &
       * ( region_cpy(T,face_zr) - region_cpy(T,face_zl) ) / dz

    ! step 2: the face halos now pick the faces left/right of each cell
    face_xl = [0,1,0,0,0,0]; face_xr = [1,0,0,0,0,0]
    face_zl = [0,0,0,0,0,1]; face_zr = [0,0,0,0,1,0]

    pT => region_ptr(oT, halo)
    pT = region_cpy(T,halo)                                                      &
       - dt*( ( region_cpy(Fx,face_xr) - region_cpy(Fx,face_xl) ) / dx          &
            + ( region_cpy(Fz,face_zr) - region_cpy(Fz,face_zl) ) / dz )        &
       + (dt/(dy*dy))                                                            &
         * ( 0.5*( region_cpy(K,yp) + region_cpy(K,halo) )                       &
               * ( region_cpy(T,yp) - region_cpy(T,halo) )                       &
           - 0.5*( region_cpy(K,halo) + region_cpy(K,ym) )                       &
               * ( region_cpy(T,halo) - region_cpy(T,ym) ) )
  end subroutine heat3d_var

end module heat3d_faces
