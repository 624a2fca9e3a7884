! Issue 25's benchmark kernels: loop nests in CloverLeaf's idioms (our own
! kernels, not CloverLeaf's): explicit-shape real(8) arrays with halos of two
! cells, (x_min-2:x_max+2, y_min-2:y_max+2) for cells, one longer along a
! dimension for faces and nodes, loops over the interior. Each has a
! hand-written OpenCL kernel in issue25.cl; scripts/bench/issue25.sh runs both.
module cl25
  implicit none
contains
!$OFP KERNEL :: ideal_gas25
subroutine ideal_gas25(x_min, x_max, y_min, y_max, density, energy, pressure, soundspeed)
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(in) :: density, energy
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(inout) :: pressure, soundspeed
  integer :: j, k
  real(8) :: v, p, pe, pv, ss2
  !$omp parallel do private(v, p, pe, pv, ss2)
  do k = y_min, y_max
    do j = x_min, x_max
      v = 1.0_8 / density(j, k)
      p = 0.4_8 * density(j, k) * energy(j, k)
      pe = 0.4_8 * density(j, k)
      pv = -density(j, k) * p
      ss2 = v * v * (p * pe - pv)
      pressure(j, k) = p
      soundspeed(j, k) = sqrt(ss2)
    end do
  end do
end subroutine ideal_gas25

!$OFP KERNEL :: viscosity25
subroutine viscosity25(x_min, x_max, y_min, y_max, celldx, celldy, density0, pressure, viscosity, xvel0, yvel0)
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), intent(in) :: celldx(x_min-2:x_max+2), celldy(y_min-2:y_max+2)
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(in) :: density0, pressure
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(inout) :: viscosity
  real(8), dimension(x_min-2:x_max+3, y_min-2:y_max+3), intent(in) :: xvel0, yvel0
  integer :: j, k
  real(8) :: ugrad, vgrad, grad2, pgradx, pgrady, pgradx2, pgrady2, grad, div, strain2, limiter
  !$omp parallel do private(ugrad, vgrad, grad2, pgradx, pgrady, pgradx2, pgrady2, grad, div, strain2, limiter)
  do k = y_min, y_max
    do j = x_min, x_max
      ugrad = (xvel0(j+1, k) + xvel0(j+1, k+1)) - (xvel0(j, k) + xvel0(j, k+1))
      vgrad = (yvel0(j, k+1) + yvel0(j+1, k+1)) - (yvel0(j, k) + yvel0(j+1, k))
      div = celldx(j) * ugrad + celldy(k) * vgrad
      strain2 = 0.5_8 * (xvel0(j, k+1) + xvel0(j+1, k+1) - xvel0(j, k) - xvel0(j+1, k)) / celldy(k) &
              + 0.5_8 * (yvel0(j+1, k) + yvel0(j+1, k+1) - yvel0(j, k) - yvel0(j, k+1)) / celldx(j)
      pgradx = (pressure(j+1, k) - pressure(j-1, k)) / (celldx(j) + celldx(j+1))
      pgrady = (pressure(j, k+1) - pressure(j, k-1)) / (celldy(k) + celldy(k+1))
      pgradx2 = pgradx * pgradx
      pgrady2 = pgrady * pgrady
      limiter = ((0.5_8 * ugrad / celldx(j)) * pgradx2 + (0.5_8 * vgrad / celldy(k)) * pgrady2 &
              + strain2 * pgradx * pgrady) / max(pgradx2 + pgrady2, 1.0e-16_8)
      pgradx = sign(max(1.0e-16_8, abs(pgradx)), pgradx)
      pgrady = sign(max(1.0e-16_8, abs(pgrady)), pgrady)
      grad2 = pgradx * pgradx + pgrady * pgrady
      grad = sqrt(grad2)
      if (limiter > 0.0_8 .or. div >= 0.0_8) then
        viscosity(j, k) = 0.0_8
      else
        viscosity(j, k) = 2.0_8 * density0(j, k) * grad2 * limiter * limiter / grad
      end if
    end do
  end do
end subroutine viscosity25

!$OFP KERNEL :: accelerate25
subroutine accelerate25(x_min, x_max, y_min, y_max, dt, xarea, yarea, volume, density0, pressure, viscosity, &
                        xvel0, yvel0, xvel1, yvel1)
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), intent(in) :: dt
  real(8), dimension(x_min-2:x_max+3, y_min-2:y_max+2), intent(in) :: xarea
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+3), intent(in) :: yarea
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(in) :: volume, density0, pressure, viscosity
  real(8), dimension(x_min-2:x_max+3, y_min-2:y_max+3), intent(in) :: xvel0, yvel0
  real(8), dimension(x_min-2:x_max+3, y_min-2:y_max+3), intent(inout) :: xvel1, yvel1
  integer :: j, k
  real(8) :: mass, step
  !$omp parallel do private(mass, step)
  do k = y_min, y_max+1
    do j = x_min, x_max+1
      mass = 0.25_8 * (density0(j-1, k-1) * volume(j-1, k-1) + density0(j, k-1) * volume(j, k-1) &
                     + density0(j, k) * volume(j, k) + density0(j-1, k) * volume(j-1, k))
      step = 0.5_8 * dt / mass
      xvel1(j, k) = xvel0(j, k) - step * (xarea(j, k) * (pressure(j, k) - pressure(j-1, k)) &
                                        + xarea(j, k-1) * (pressure(j, k-1) - pressure(j-1, k-1)) &
                                        + xarea(j, k) * (viscosity(j, k) - viscosity(j-1, k)) &
                                        + xarea(j, k-1) * (viscosity(j, k-1) - viscosity(j-1, k-1)))
      yvel1(j, k) = yvel0(j, k) - step * (yarea(j, k) * (pressure(j, k) - pressure(j, k-1)) &
                                        + yarea(j-1, k) * (pressure(j-1, k) - pressure(j-1, k-1)) &
                                        + yarea(j, k) * (viscosity(j, k) - viscosity(j, k-1)) &
                                        + yarea(j-1, k) * (viscosity(j-1, k) - viscosity(j-1, k-1)))
    end do
  end do
end subroutine accelerate25

!$OFP KERNEL :: flux_calc25
subroutine flux_calc25(x_min, x_max, y_min, y_max, dt, xarea, yarea, xvel0, yvel0, xvel1, yvel1, vol_flux_x, vol_flux_y)
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), intent(in) :: dt
  real(8), dimension(x_min-2:x_max+3, y_min-2:y_max+2), intent(in) :: xarea
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+3), intent(in) :: yarea
  real(8), dimension(x_min-2:x_max+3, y_min-2:y_max+3), intent(in) :: xvel0, yvel0, xvel1, yvel1
  real(8), dimension(x_min-2:x_max+3, y_min-2:y_max+2), intent(inout) :: vol_flux_x
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+3), intent(inout) :: vol_flux_y
  integer :: j, k
  !$omp parallel do
  do k = y_min, y_max
    do j = x_min, x_max+1
      vol_flux_x(j, k) = 0.25_8 * dt * xarea(j, k) * (xvel0(j, k) + xvel0(j, k+1) + xvel1(j, k) + xvel1(j, k+1))
    end do
  end do
  !$omp parallel do
  do k = y_min, y_max+1
    do j = x_min, x_max
      vol_flux_y(j, k) = 0.25_8 * dt * yarea(j, k) * (yvel0(j, k) + yvel0(j+1, k) + yvel1(j, k) + yvel1(j+1, k))
    end do
  end do
end subroutine flux_calc25

!$OFP KERNEL :: revert25
subroutine revert25(x_min, x_max, y_min, y_max, density0, density1, energy0, energy1)
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(in) :: density0, energy0
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(inout) :: density1, energy1
  integer :: j, k
  !$omp parallel do
  do k = y_min, y_max
    do j = x_min, x_max
      density1(j, k) = density0(j, k)
      energy1(j, k) = energy0(j, k)
    end do
  end do
end subroutine revert25

!$OFP KERNEL :: reset_field25
subroutine reset_field25(x_min, x_max, y_min, y_max, density0, density1, energy0, energy1, xvel0, xvel1, yvel0, yvel1)
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(inout) :: density0, energy0
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(in) :: density1, energy1
  real(8), dimension(x_min-2:x_max+3, y_min-2:y_max+3), intent(inout) :: xvel0, yvel0
  real(8), dimension(x_min-2:x_max+3, y_min-2:y_max+3), intent(in) :: xvel1, yvel1
  integer :: j, k
  !$omp parallel do
  do k = y_min, y_max
    do j = x_min, x_max
      density0(j, k) = density1(j, k)
      energy0(j, k) = energy1(j, k)
    end do
  end do
  !$omp parallel do
  do k = y_min, y_max+1
    do j = x_min, x_max+1
      xvel0(j, k) = xvel1(j, k)
      yvel0(j, k) = yvel1(j, k)
    end do
  end do
end subroutine reset_field25

!$OFP KERNEL :: mass25
subroutine mass25(x_min, x_max, y_min, y_max, density0, volume, mass)
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(in) :: density0, volume
  real(8), intent(out) :: mass
  integer :: j, k
  mass = 0
  !$omp parallel do reduction(+:mass)
  do k = y_min, y_max
    do j = x_min, x_max
      mass = mass + density0(j, k) * volume(j, k)
    end do
  end do
end subroutine mass25

!$OFP KERNEL :: copy25
subroutine copy25(x_min, x_max, y_min, y_max, a, b)
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(in) :: a
  real(8), dimension(x_min-2:x_max+2, y_min-2:y_max+2), intent(inout) :: b
  integer :: j, k
  !$omp parallel do
  do k = y_min, y_max
    do j = x_min, x_max
      b(j, k) = a(j, k)
    end do
  end do
end subroutine copy25
end module cl25
