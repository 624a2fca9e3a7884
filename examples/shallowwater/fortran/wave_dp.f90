! wave_dp: the shallow-water kernel of wave.f90 in double precision.
!
! wave_advance_dp is wave_advance (see wave.f90 for the scheme and the array
! layout) with every real of kind dp = kind(1.0d0) and the literals written
! as 0.5_dp. It serves the double-precision check of the example: runs of
! serial.f90 with the dp option use it, and the single-precision results of
! wave_advance (serial or OpenCL) can be compared with it.
module wave_dp
  use forocl_regions
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: g = 9.80_dp

contains

subroutine wave_advance_dp(dx,dy,dt,H,U,V,oH,oU,oV)
!$OFP PURE, KERNEL :: wave_advance_dp
  real(dp), intent(in)    :: dx,dy,dt
  real(dp), dimension(:, :) :: H,U,V,oH,oU,oV
  contiguous  :: H,U,V,oH,oU,oV
  intent(in)  :: H,U,V
  intent(out) :: oH,oU,oV
  target      :: oH,oU,oV

  ! face temporaries (x faces: Hx Ux Vx, y faces: Hy Uy Vy) and
  ! pointers to the interior of the outputs
  real(dp), allocatable, dimension(:, :) :: Hx, Hy, Ux
  real(dp), allocatable, dimension(:, :) :: Uy, Vx, Vy
  real(dp), pointer,     dimension(:, :) :: pH, pU, pV

  integer, dimension(4) :: face_lt, face_rt, halo
  integer, dimension(4) :: face_up, face_dn

  halo    = [1,1,1,1]
  face_lt = [0,1,1,1]; face_rt = [1,0,1,1]
  face_dn = [1,1,0,1]; face_up = [1,1,1,0]

  ! first step: half-step values on the x faces, (n1-1) x (n2-2)
  Hx = 0.5_dp*( region_cpy(H,face_lt) + region_cpy(H,face_rt) )           &
       - (0.5_dp*dt/dx)                                                   &
       * ( region_cpy(U,face_rt) - region_cpy(U,face_lt) )

  Ux = 0.5_dp*( region_cpy(U,face_lt) + region_cpy(U,face_rt) )           &
       - (0.5_dp*dt/dx)                                                   &
       * ( ( region_cpy(U,face_rt)**2/region_cpy(H,face_rt)            &
             + 0.5_dp*g*region_cpy(H,face_rt)**2 )                        &
         - ( region_cpy(U,face_lt)**2/region_cpy(H,face_lt)            &
             + 0.5_dp*g*region_cpy(H,face_lt)**2 ) )

  Vx = 0.5_dp*( region_cpy(V,face_lt) + region_cpy(V,face_rt) )           &
       - (0.5_dp*dt/dx)                                                   &
       * ( region_cpy(U,face_rt)*region_cpy(V,face_rt)                 &
             /region_cpy(H,face_rt)                                    &
         - region_cpy(U,face_lt)*region_cpy(V,face_lt)                 &
             /region_cpy(H,face_lt) )

  ! first step: half-step values on the y faces, (n1-2) x (n2-1)
  Hy = 0.5_dp*( region_cpy(H,face_dn) + region_cpy(H,face_up) )           &
       - (0.5_dp*dt/dy)                                                   &
       * ( region_cpy(V,face_up) - region_cpy(V,face_dn) )

  Uy = 0.5_dp*( region_cpy(U,face_dn) + region_cpy(U,face_up) )           &
       - (0.5_dp*dt/dy)                                                   &
       * ( region_cpy(V,face_up)*region_cpy(U,face_up)                 &
             /region_cpy(H,face_up)                                    &
         - region_cpy(V,face_dn)*region_cpy(U,face_dn)                 &
             /region_cpy(H,face_dn) )

  Vy = 0.5_dp*( region_cpy(V,face_dn) + region_cpy(V,face_up) )           &
       - (0.5_dp*dt/dy)                                                   &
       * ( ( region_cpy(V,face_up)**2/region_cpy(H,face_up)            &
             + 0.5_dp*g*region_cpy(H,face_up)**2 )                        &
         - ( region_cpy(V,face_dn)**2/region_cpy(H,face_dn)            &
             + 0.5_dp*g*region_cpy(H,face_dn)**2 ) )

  ! second step: the face halos are redefined so that every face region
  ! has the shape of the interior, (n1-2) x (n2-2)
  face_lt = [0,1,0,0]; face_rt = [1,0,0,0]
  face_dn = [0,0,0,1]; face_up = [0,0,1,0]

  pH => region_ptr(oH, halo)
  pU => region_ptr(oU, halo)
  pV => region_ptr(oV, halo)

  pH = region_cpy(H,halo)                                              &
       - (dt/dx) * ( region_cpy(Ux,face_rt) - region_cpy(Ux,face_lt) ) &
       - (dt/dy) * ( region_cpy(Vy,face_up) - region_cpy(Vy,face_dn) )

  pU = region_cpy(U,halo)                                              &
       - (dt/dx) * ( ( region_cpy(Ux,face_rt)**2/region_cpy(Hx,face_rt)  &
                       + 0.5_dp*g*region_cpy(Hx,face_rt)**2 )                &
                   - ( region_cpy(Ux,face_lt)**2/region_cpy(Hx,face_lt)  &
                       + 0.5_dp*g*region_cpy(Hx,face_lt)**2 ) )              &
       - (dt/dy) * ( region_cpy(Vy,face_up)*region_cpy(Uy,face_up)       &
                       /region_cpy(Hy,face_up)                            &
                   - region_cpy(Vy,face_dn)*region_cpy(Uy,face_dn)       &
                       /region_cpy(Hy,face_dn) )

  pV = region_cpy(V,halo)                                              &
       - (dt/dx) * ( region_cpy(Ux,face_rt)*region_cpy(Vx,face_rt)       &
                       /region_cpy(Hx,face_rt)                            &
                   - region_cpy(Ux,face_lt)*region_cpy(Vx,face_lt)       &
                       /region_cpy(Hx,face_lt) )                          &
       - (dt/dy) * ( ( region_cpy(Vy,face_up)**2/region_cpy(Hy,face_up)  &
                       + 0.5_dp*g*region_cpy(Hy,face_up)**2 )                &
                   - ( region_cpy(Vy,face_dn)**2/region_cpy(Hy,face_dn)  &
                       + 0.5_dp*g*region_cpy(Hy,face_dn)**2 ) )

end subroutine wave_advance_dp

end module wave_dp
