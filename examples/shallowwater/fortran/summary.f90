! summary: diagnostics of the shallow-water state, computed on the device
! by forocl-compiled reductions, so that no grid is copied to the host.
!
! mass is the sum of H over the interior; speed is the fastest signal
! speed max(|u|, |v|) + sqrt(g h) over the interior (u = U/H, v = V/H), so
! that a time step dt = cfl * dx / speed keeps the CFL number at cfl.
! Both are accumulated in the kernel's precision, by a tree of partial
! sums per work-group (see Note [phases] in regions).
module summary
  use forocl_regions
  implicit none
  real, parameter :: g = 9.80

contains

subroutine wave_summary(H, U, V, mass, speed)
!$OFP PURE, KERNEL :: wave_summary
  real, dimension(:,:), contiguous, intent(in) :: H, U, V
  real, intent(out) :: mass, speed
  integer, dimension(4) :: inner = [1,1,1,1]

  mass  = sum(region_cpy(H, inner))
  speed = maxval(max(abs(region_cpy(U, inner)), abs(region_cpy(V, inner))) / region_cpy(H, inner) &
                 + sqrt(g*region_cpy(H, inner)))
end subroutine wave_summary

end module summary
