! The shallow-water kernel of the ForOpenCL paper (Sottile et al. 2011,
! section 3.1): its interface and statements, as printed there.
module shallow_water
  use forocl_regions, only: region_cpy, region_ptr
  implicit none
contains

subroutine wave_advance(dx,dy,dt,H,U,V,oH,oU,oV)
!$OFP PURE, KERNEL :: wave_advance
real, intent(in)    :: dx,dy,dt
real, dimension(:, :) :: H,U,V,oH,oU,oV
contiguous :: H,U,V,oH,oU,oV
intent(in) :: H,U,V
intent(out) :: oH,oU,oV
target      :: oH,oU,oV

real, allocatable, dimension(:, :) :: Hx, Hy, Ux
real, allocatable, dimension(:, :) :: Uy, Vx, Vy
real, pointer,     dimension(:, :) :: pH, pU, pV

integer, dimension(4) :: face_lt, face_rt, halo
integer, dimension(4) :: face_up, face_dn

halo    = [1,1,1,1]
face_lt = [0,1,1,1]; face_rt = [1,0,1,1]
face_dn = [1,1,0,1]; face_up = [1,1,1,0]

Hx = 0.5*( region_cpy(H,face_lt) +   &
            region_cpy(H,face_rt) )   &
            + (0.5*dt/dx)           &
            * (region_cpy(U,face_lt) - region_cpy(U,face_rt))

face_lt = [0,1,0,0]; face_rt = [1,0,0,0]
face_dn = [0,0,0,1]; face_up = [0,0,1,0]

pH => region_ptr(oH, halo)

pH = region_cpy(H, halo)  &
      + (dt/dx) * ( region_cpy(Ux, face_lt) -   &
                     region_cpy(Ux, face_rt) )   &
                     + (dt/dy) * ( region_cpy(Vy, face_dn) -   &
                     region_cpy(Vy, face_up) )
end subroutine

end module shallow_water
