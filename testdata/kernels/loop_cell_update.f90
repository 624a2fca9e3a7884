! A CloverLeaf-style cell update: explicit-shape staggered arrays (cell-
! and node-centred), an OpenMP nest, a private scalar and an in-place
! update of energy.
!$OFP PURE, KERNEL :: cell_update
subroutine cell_update(x_min, x_max, y_min, y_max, dt, density, energy, pressure, xvel, xarea)
  implicit none
  integer :: x_min, x_max, y_min, y_max
  real(kind=8) :: dt
  real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: density, energy, pressure
  real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+3) :: xvel
  real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+2) :: xarea
  integer :: j, k
  real(kind=8) :: recip
  !$omp parallel do private(j, recip)
  do k = y_min, y_max
    do j = x_min, x_max
      recip = 1.0_8/density(j,k)
      pressure(j,k) = 0.4_8*density(j,k)*energy(j,k)
      energy(j,k) = energy(j,k) - dt*pressure(j,k)*recip* &
        (xarea(j+1,k)*xvel(j+1,k) - xarea(j,k)*xvel(j,k))
    end do
  end do
  !$omp end parallel do
end subroutine cell_update
