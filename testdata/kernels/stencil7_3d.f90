! stencil7_3d: explicit heat-equation step with the 3-D 7-point Laplacian,
!     T_new = T + alpha (T_w + T_e + T_s + T_n + T_b + T_t - 6 T),
! alpha = kappa dt / h^2 (stable for alpha <= 1/6). The interior is the
! region with halo [1,1,1,1,1,1]; neighbours are windows shifted by one cell
! along one of the three dimensions.
module stencil7_3d
  use forocl_regions
  implicit none

contains

  subroutine heat7(alpha, T, oT)
  !$OFP PURE, KERNEL :: heat7
    real, intent(in) :: alpha
    real, dimension(:,:,:), contiguous, intent(in) :: T
    real, dimension(:,:,:), contiguous, intent(out), target :: oT
    real, pointer, dimension(:,:,:) :: pT
    integer, dimension(6) :: halo, xm, xp, ym, yp, zm, zp

    halo = [1,1,1,1,1,1]
    xm = [0,2,1,1,1,1]; xp = [2,0,1,1,1,1]
    ym = [1,1,0,2,1,1]; yp = [1,1,2,0,1,1]
    zm = [1,1,1,1,0,2]; zp = [1,1,1,1,2,0]

    pT => region_ptr(oT, halo)
    pT = region_cpy(T,halo)                                          &
       + alpha*( region_cpy(T,xm) + region_cpy(T,xp)                 &
               + region_cpy(T,ym) + region_cpy(T,yp)                 &
               + region_cpy(T,zm) + region_cpy(T,zp)                 &
               - 6.0*region_cpy(T,halo) )
  end subroutine heat7

end module stencil7_3d
