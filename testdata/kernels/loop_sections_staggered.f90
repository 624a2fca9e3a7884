! Boundary rows of a staggered grid written as array sections, as legacy
! hydro codes write their halo updates: cell-centred fields reflect
! across the domain edge, node-centred velocities are zero on it and
! flip sign beyond it. No loops: the explicit-shape dummies and the
! subscripted assignments make it a loop kernel, one launch per row.
!$OFP PURE, KERNEL :: update_halo
subroutine update_halo(x_min, x_max, y_min, y_max, density, energy, xvel, yvel)
  implicit none
  integer :: x_min, x_max, y_min, y_max
  real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: density, energy
  real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+3) :: xvel, yvel
  ! Cell-centred: two reflected rows on each side.
  density(x_min-1, y_min:y_max) = density(x_min, y_min:y_max)
  density(x_min-2, y_min:y_max) = density(x_min+1, y_min:y_max)
  density(x_max+1, y_min:y_max) = density(x_max, y_min:y_max)
  density(x_max+2, y_min:y_max) = density(x_max-1, y_min:y_max)
  energy(x_min-2:x_max+2, y_min-1) = energy(x_min-2:x_max+2, y_min)
  energy(x_min-2:x_max+2, y_max+1) = energy(x_min-2:x_max+2, y_max)
  ! Node-centred: zero normal velocity on the edge, mirrored beyond it.
  xvel(x_min, y_min:y_max+1) = 0.0_8
  xvel(x_min-1, y_min:y_max+1) = -xvel(x_min+1, y_min:y_max+1)
  xvel(x_max+1, :) = 0.0_8
  yvel(x_min:x_max+1, y_min) = 0.0_8
  yvel(x_min:x_max+1, y_min-1) = -yvel(x_min:x_max+1, y_min+1)
  yvel(x_min:x_max+1, y_max+2) = -yvel(x_min:x_max+1, y_max)
end subroutine update_halo
