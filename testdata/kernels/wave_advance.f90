! wave_advance: corpus copy of the ForOpenCL shallow-water kernel.
!
! The same two-step Lax-Wendroff step as examples/shallowwater/fortran/wave.f90
! (see the comments there), in a slightly different spelling so that the
! corpus exercises other forms of the same thing:
!   - the !$OFP directive stands on the line before the subroutine line;
!   - the first face halos are set one per line instead of with ';';
!   - the kernel is called wave_advance_lw, because a module procedure may
!     not have the name of its module (the module is named after the file).
! Interface as in the paper: attributes given by separate contiguous,
! intent(in), intent(out) and target statements. The face halos are
! reassigned between the two steps. The outputs are written on the interior
! 2..n1-1, 2..n2-1 only. Physically sensible inputs need dt/dx and dt/dy
! small enough (CFL) that the face heights Hx, Hy stay positive.
module wave_advance
  use forocl_regions
  implicit none
  real, parameter :: g = 9.80

contains

!$OFP PURE, KERNEL :: wave_advance_lw
subroutine wave_advance_lw(dx,dy,dt,H,U,V,oH,oU,oV)
  real, intent(in)    :: dx,dy,dt
  real, dimension(:, :) :: H,U,V,oH,oU,oV
  contiguous  :: H,U,V,oH,oU,oV
  intent(in)  :: H,U,V
  intent(out) :: oH,oU,oV
  target      :: oH,oU,oV

  ! face temporaries (x faces: Hx Ux Vx, y faces: Hy Uy Vy) and
  ! pointers to the interior of the outputs
  real, allocatable, dimension(:, :) :: Hx, Hy, Ux
  real, allocatable, dimension(:, :) :: Uy, Vx, Vy
  real, pointer,     dimension(:, :) :: pH, pU, pV

  integer, dimension(4) :: face_lt, face_rt, halo
  integer, dimension(4) :: face_up, face_dn

  halo    = [1,1,1,1]
  face_lt = [0,1,1,1]
  face_rt = [1,0,1,1]
  face_dn = [1,1,0,1]
  face_up = [1,1,1,0]

  ! first step: half-step values on the x faces, (n1-1) x (n2-2)
  Hx = 0.5*( region_cpy(H,face_lt) + region_cpy(H,face_rt) )           &
       - (0.5*dt/dx)                                                   &
       * ( region_cpy(U,face_rt) - region_cpy(U,face_lt) )

  Ux = 0.5*( region_cpy(U,face_lt) + region_cpy(U,face_rt) )           &
       - (0.5*dt/dx)                                                   &
       * ( ( region_cpy(U,face_rt)**2/region_cpy(H,face_rt)            &
             + 0.5*g*region_cpy(H,face_rt)**2 )                        &
         - ( region_cpy(U,face_lt)**2/region_cpy(H,face_lt)            &
             + 0.5*g*region_cpy(H,face_lt)**2 ) )

  Vx = 0.5*( region_cpy(V,face_lt) + region_cpy(V,face_rt) )           &
       - (0.5*dt/dx)                                                   &
       * ( region_cpy(U,face_rt)*region_cpy(V,face_rt)                 &
             /region_cpy(H,face_rt)                                    &
         - region_cpy(U,face_lt)*region_cpy(V,face_lt)                 &
             /region_cpy(H,face_lt) )

  ! first step: half-step values on the y faces, (n1-2) x (n2-1)
  Hy = 0.5*( region_cpy(H,face_dn) + region_cpy(H,face_up) )           &
       - (0.5*dt/dy)                                                   &
       * ( region_cpy(V,face_up) - region_cpy(V,face_dn) )

  Uy = 0.5*( region_cpy(U,face_dn) + region_cpy(U,face_up) )           &
       - (0.5*dt/dy)                                                   &
       * ( region_cpy(V,face_up)*region_cpy(U,face_up)                 &
             /region_cpy(H,face_up)                                    &
         - region_cpy(V,face_dn)*region_cpy(U,face_dn)                 &
             /region_cpy(H,face_dn) )

  Vy = 0.5*( region_cpy(V,face_dn) + region_cpy(V,face_up) )           &
       - (0.5*dt/dy)                                                   &
       * ( ( region_cpy(V,face_up)**2/region_cpy(H,face_up)            &
             + 0.5*g*region_cpy(H,face_up)**2 )                        &
         - ( region_cpy(V,face_dn)**2/region_cpy(H,face_dn)            &
             + 0.5*g*region_cpy(H,face_dn)**2 ) )

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
                       + 0.5*g*region_cpy(Hx,face_rt)**2 )                &
                   - ( region_cpy(Ux,face_lt)**2/region_cpy(Hx,face_lt)  &
                       + 0.5*g*region_cpy(Hx,face_lt)**2 ) )              &
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
                       + 0.5*g*region_cpy(Hy,face_up)**2 )                &
                   - ( region_cpy(Vy,face_dn)**2/region_cpy(Hy,face_dn)  &
                       + 0.5*g*region_cpy(Hy,face_dn)**2 ) )

end subroutine wave_advance_lw

end module wave_advance
