! summary: diagnostics of the shallow-water state, computed on the device
! by forocl-compiled reductions, so that no grid is copied to the host.
!
! mass is the sum of H over the interior; speed is the largest
! (|u| + sqrt(g h)) + (|v| + sqrt(g h)) over the interior (u = U/H,
! v = V/H), so that a time step dt = cfl / speed (dx = dy = 1) keeps the
! CFL number of the unsplit 2-D scheme, dt (|u|+c)/dx + dt (|v|+c)/dy, at
! cfl. (With only the larger of the two terms, cfl = 0.5 let a 4096^2 dam
! break grow unstable within 500 steps.)
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
  speed = maxval((abs(region_cpy(U, inner)) + abs(region_cpy(V, inner))) / region_cpy(H, inner) &
                 + 2*sqrt(g*region_cpy(H, inner)))
end subroutine wave_summary

end module summary
