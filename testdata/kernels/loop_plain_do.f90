! Legacy kernels with no directive at all: DO nests that forocl proves
! independent and runs in parallel (Note [plain DO nests] in sema). An
! equation of state over explicit-shape arrays with halo bounds and
! private scalars, and a flux with a staggered (node-centred) array and a
! sequential loop over a small stencil inside the nest.
module plain_do
  implicit none
contains

!$OFP PURE, KERNEL :: ideal_gas
subroutine ideal_gas(x_min, x_max, y_min, y_max, density, energy, pressure, soundspeed)
  integer :: x_min, x_max, y_min, y_max
  real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: density, energy, pressure, soundspeed
  integer :: j, k
  real(kind=8) :: v, pe, pv, ss2
  do k = y_min, y_max
    do j = x_min, x_max
      v = 1.0_8/density(j, k)
      pressure(j, k) = (1.4_8 - 1.0_8)*density(j, k)*energy(j, k)
      pe = (1.4_8 - 1.0_8)*density(j, k)
      pv = -density(j, k)*pressure(j, k)
      ss2 = v*v*(pressure(j, k)*pe - pv)
      soundspeed(j, k) = sqrt(ss2)
    end do
  end do
end subroutine ideal_gas

!$OFP PURE, KERNEL :: node_flux
subroutine node_flux(x_min, x_max, y_min, y_max, dt, xvel, mass, flux)
  integer :: x_min, x_max, y_min, y_max
  real(kind=8) :: dt
  real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+3) :: xvel
  real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: mass
  real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+2) :: flux
  integer :: j, k, m
  real(kind=8) :: avg
  do k = y_min, y_max
    do j = x_min, x_max + 1
      avg = 0.0_8
      do m = 0, 1
        avg = avg + 0.5_8*xvel(j, k + m)
      end do
      flux(j, k) = 0.5_8*dt*avg*(mass(j - 1, k) + mass(j, k))
    end do
  end do
end subroutine node_flux

end module plain_do
