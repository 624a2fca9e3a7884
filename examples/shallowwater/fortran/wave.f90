! wave: the shallow-water kernel of the ForOpenCL paper (Sottile et al. 2011,
! section 3), in single precision.
!
! wave_advance advances the 2-D shallow-water equations
!     h_t + (hu)_x + (hv)_y = 0
!     (hu)_t + (hu^2 + g h^2/2)_x + (huv)_y = 0
!     (hv)_t + (huv)_x + (hv^2 + g h^2/2)_y = 0
! by one time step of the two-step (Richtmyer) Lax-Wendroff scheme. The state
! is H = h, U = hu, V = hv, stored on arrays of the full extent (n1, n2) that
! include a one-cell halo; only the interior 2..n1-1, 2..n2-1 of the outputs
! is written, the halo of oH, oU, oV is left alone (the caller applies
! boundary conditions to the halo before the next step).
!
! Step 1 computes the half-step state on the cell faces: Hx, Ux, Vx on the
! (n1-1) x (n2-2) faces normal to x, Hy, Uy, Vy on the (n1-2) x (n2-1) faces
! normal to y. Step 2 updates the cell centres with the face fluxes.
!
! Unlike the code printed in the paper (and the original ForOpenCL sources),
! the flux of each equation uses the right variables: the x flux of U is
! U^2/H + g H^2/2, the y flux of U is V U/H, and so on.
!
! This is the form forocl translates to OpenCL; compiled by gfortran with
! forocl_regions it is also the serial reference used by serial.f90.
module wave
  use forocl_regions
  implicit none
  real, parameter :: g = 9.80

contains

subroutine wave_advance(dx,dy,dt,H,U,V,oH,oU,oV)
!$OFP PURE, KERNEL :: wave_advance
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
  face_lt = [0,1,1,1]; face_rt = [1,0,1,1]
  face_dn = [1,1,0,1]; face_up = [1,1,1,0]

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

end subroutine wave_advance

end module wave
