! CloverLeaf's idiom: an !$OMP PARALLEL region holding !$OMP DO loops
! whose PRIVATE lists are continued over several directive lines, in the
! forms free-form OpenMP allows ("&" at the end, the next line starting
! with the sentinel, optionally followed by "&"), with a comment line
! between two of them and !$OMP SIMD on the inner loop.
!$OFP PURE, KERNEL :: omp_flux
subroutine omp_flux(x_min, x_max, y_min, y_max, dt, vel, area, dens0, dens1, energy, total)
  implicit none
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(kind=8), intent(in) :: dt
  real(kind=8), dimension(x_min-1:x_max+1, y_min-1:y_max+1), intent(in) :: vel, area, dens0
  real(kind=8), dimension(x_min:x_max, y_min:y_max), intent(out) :: dens1, energy
  real(kind=8), intent(out) :: total
  integer :: j, k
  real(kind=8) :: left_flux, right_flux, bottom_flux, top_flux, total_flux, &
                  recip, change
  total = 0.0d0
  !$OMP PARALLEL
  !$OMP DO PRIVATE(left_flux,right_flux, &
  !$OMP            bottom_flux,top_flux, &   ! the fluxes
  ! (a comment line between directive lines)
  !$OMP& total_flux, &
  !$omp &   recip,change)
  DO k = y_min, y_max
  !$OMP SIMD
    DO j = x_min, x_max
      left_flux = area(j-1, k)*(vel(j-1, k) + vel(j, k))*0.25d0*dt
      right_flux = area(j+1, k)*(vel(j+1, k) + vel(j, k))*0.25d0*dt
      bottom_flux = area(j, k-1)*(vel(j, k-1) + vel(j, k))*0.25d0*dt
      top_flux = area(j, k+1)*(vel(j, k+1) + vel(j, k))*0.25d0*dt
      total_flux = right_flux - left_flux + top_flux - bottom_flux
      recip = 1.0d0/(2.0d0 + abs(dens0(j, k)))
      change = total_flux*recip
      dens1(j, k) = dens0(j, k)*(1.0d0 - change)
      energy(j, k) = change*change
    ENDDO
  ENDDO
  !$OMP END DO
  !$OMP DO REDUCTION(+: &
  !$OMP&    total)
  DO k = y_min, y_max
    DO j = x_min, x_max
      total = total + area(j, k)*dens0(j, k)
    ENDDO
  ENDDO
  !$OMP END DO
  !$OMP END PARALLEL
end subroutine omp_flux
