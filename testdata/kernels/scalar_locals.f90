! scalar_locals: 2-D diffusion step whose coefficients are scalar locals
! computed from the scalar dummies, with a scalar if block choosing the
! update for the whole array:
!   - cx = nu dt/dx^2, cy = nu dt/dy^2;
!   - if cx + cy <= 1/2 the explicit (forward Euler) update is stable and is
!     used; otherwise a damped update divides the increment by 1 + 2(cx+cy),
!     which is stable for any time step (one Jacobi sweep of backward Euler
!     started from T).
module scalar_locals
  use forocl_regions
  implicit none

contains

  subroutine diffuse_choose(nu, dt, dx, dy, T, oT)
  !$OFP PURE, KERNEL :: diffuse_choose
    real, intent(in) :: nu, dt, dx, dy
    real, dimension(:,:), contiguous, intent(in) :: T
    real, dimension(:,:), contiguous, intent(out), target :: oT
    real, pointer, dimension(:,:) :: pT
    integer, dimension(4) :: halo, west, east, south, north
    real :: cx, cy, damp

    cx = nu*dt/(dx*dx)
    cy = nu*dt/(dy*dy)
    damp = 1.0/(1.0 + 2.0*(cx + cy))

    halo  = [1,1,1,1]
    west  = [0,2,1,1]; east  = [2,0,1,1]
    south = [1,1,0,2]; north = [1,1,2,0]

    pT => region_ptr(oT, halo)
    if (cx + cy <= 0.5) then
      pT = region_cpy(T,halo)                                                &
         + cx*( region_cpy(T,west) - 2.0*region_cpy(T,halo) + region_cpy(T,east) )   &
         + cy*( region_cpy(T,south) - 2.0*region_cpy(T,halo) + region_cpy(T,north) )
    else
      pT = region_cpy(T,halo)                                                &
         + damp*( cx*( region_cpy(T,west) - 2.0*region_cpy(T,halo) + region_cpy(T,east) )   &
                + cy*( region_cpy(T,south) - 2.0*region_cpy(T,halo) + region_cpy(T,north) ) )
    end if
  end subroutine diffuse_choose

end module scalar_locals
