! summary_dp: the diagnostics of summary.f90 for the real(8) state of
! wave_dp.f90 (a file of its own, so that summary.cl needs no fp64).
module summary_dp
  use forocl_regions
  implicit none
  real(8), parameter :: g8 = 9.80

contains

subroutine wave_summary_dp(H, U, V, mass, speed)
!$OFP PURE, KERNEL :: wave_summary_dp
  real(8), dimension(:,:), contiguous, intent(in) :: H, U, V
  real(8), intent(out) :: mass, speed
  integer, dimension(4) :: inner = [1,1,1,1]

  mass  = sum(region_cpy(H, inner))
  speed = maxval((abs(region_cpy(U, inner)) + abs(region_cpy(V, inner))) / region_cpy(H, inner) &
                 + 2*sqrt(g8*region_cpy(H, inner)))
end subroutine wave_summary_dp

end module summary_dp
