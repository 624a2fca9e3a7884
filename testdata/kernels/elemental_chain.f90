! elemental_chain: one step of the 2-D inviscid Burgers equation
!     u_t + (u^2/2)_x + (u^2/2)_y = 0
! with the Rusanov (local Lax-Friedrichs) numerical flux.
!
! The flux is built from elemental functions that call elemental functions:
! rusanov calls burgers_flux and max_speed. The functions use the different
! spellings of a function statement: a result(...) clause with the type
! declared inside, a type in the prefix (before or after the other prefixes)
! and a plain `elemental` prefix, which in Fortran 2008 implies pure.
module elemental_chain
  use forocl_regions
  implicit none

contains

  ! physical flux f(u) = u^2/2
  pure elemental function burgers_flux(u) result(f)
    real, intent(in) :: u
    real :: f
    f = 0.5*u*u
  end function burgers_flux

  ! largest local wave speed |f'(u)| = |u| over the two states
  real pure elemental function max_speed(ul, ur)
    real, intent(in) :: ul, ur
    max_speed = max(abs(ul), abs(ur))
  end function max_speed

  ! Rusanov flux between a left and a right state
  elemental real function rusanov(ul, ur) result(f)
    real, intent(in) :: ul, ur
    f = 0.5*(burgers_flux(ul) + burgers_flux(ur)) - 0.5*max_speed(ul, ur)*(ur - ul)
  end function rusanov

  subroutine burgers_rusanov(dt, dx, dy, U, oU)
  !$OFP PURE, KERNEL :: burgers_rusanov
    real, intent(in) :: dt, dx, dy
    real, dimension(:,:), contiguous, intent(in) :: U
    real, dimension(:,:), contiguous, intent(out), target :: oU
    real, pointer, dimension(:,:) :: pU
    integer, dimension(4) :: halo, west, east, south, north

    halo  = [1,1,1,1]
    west  = [0,2,1,1]; east  = [2,0,1,1]
    south = [1,1,0,2]; north = [1,1,2,0]

    pU => region_ptr(oU, halo)
    pU = region_cpy(U,halo)                                                 &
       - (dt/dx)*( rusanov(region_cpy(U,halo), region_cpy(U,east))          &
                 - rusanov(region_cpy(U,west), region_cpy(U,halo)) )        &
       - (dt/dy)*( rusanov(region_cpy(U,halo), region_cpy(U,north))         &
                 - rusanov(region_cpy(U,south), region_cpy(U,halo)) )
  end subroutine burgers_rusanov

end module elemental_chain
