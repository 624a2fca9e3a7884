! module_consts: module parameters, kinds and point-wise intrinsics.
!
! The working precision wp comes from selected_real_kind(6) (real(4) on every
! usual compiler); a double-precision constant is converted to it in a
! constant expression, and further parameters are computed from parameters.
! The kernel is a clipped, nudged diffusion step:
!   - the diffusion rate kappa exp(-|B-1|/width) is largest where B is near 1;
!   - the cell is nudged towards B by beta sign(sqrt|B-A|, B-A);
!   - where A exceeds B the cell keeps the nudged value, elsewhere (merge)
!     the plain diffusion result, and everything is clipped to [amin, amax].
module module_consts
  use forocl_regions
  implicit none
  integer, parameter :: wp = selected_real_kind(6)
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: pi_dp = 3.14159265358979323846_dp
  real(wp), parameter :: pi = real(pi_dp, wp)
  real(wp), parameter :: kappa = 0.125_wp
  real(wp), parameter :: width = 0.5_wp*pi
  real(wp), parameter :: beta = 0.05_wp
  real(wp), parameter :: amin = 0.6_wp, amax = 1.4_wp

contains

  subroutine nudged_diffusion(dt, A, B, oA)
  !$OFP PURE, KERNEL :: nudged_diffusion
    real(wp), intent(in) :: dt
    real(kind=wp), dimension(:,:), contiguous, intent(in) :: A, B
    real(wp), dimension(:,:), contiguous, intent(out), target :: oA
    real(wp), pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east, south, north

    halo  = [1,1,1,1]
    west  = [0,2,1,1]; east  = [2,0,1,1]
    south = [1,1,0,2]; north = [1,1,2,0]

    pA => region_ptr(oA, halo)
    pA = max( amin, min( amax,                                                    &
           region_cpy(A,halo)                                                     &
           + dt*kappa*exp( -abs(region_cpy(B,halo) - 1.0_wp)/width )              &
             * ( region_cpy(A,west) + region_cpy(A,east)                          &
               + region_cpy(A,south) + region_cpy(A,north)                        &
               - 4.0_wp*region_cpy(A,halo) )                                      &
           + merge( beta*sign( sqrt(abs(region_cpy(B,halo) - region_cpy(A,halo))), &
                               region_cpy(B,halo) - region_cpy(A,halo) ),         &
                    0.0_wp,                                                       &
                    region_cpy(A,halo) > region_cpy(B,halo) ) ) )
  end subroutine nudged_diffusion

end module module_consts
