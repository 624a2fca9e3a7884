! Sums returned through scalar dummies declared with no INTENT, as in a
! field summary: each is set before the reduction nest (to zero, or to a
! starting value the nest's sum adds to), so forocl infers intent(out) and
! folds the nest's reduction into the value set before it, as Fortran does.
MODULE summary_results_module

CONTAINS

  !$OFP PURE, KERNEL :: summary_results
  SUBROUTINE summary_results(x_min, x_max, y_min, y_max, volume, density, &
                             energy, xvel, vol, mass, ie, ke)
    IMPLICIT NONE
    INTEGER :: x_min, x_max, y_min, y_max
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2, y_min-2:y_max+2) :: volume, density, energy
    REAL(KIND=8), DIMENSION(x_min-2:x_max+3, y_min-2:y_max+3) :: xvel
    REAL(KIND=8) :: vol, mass, ie, ke
    INTEGER :: j, k, jv, kv
    REAL(KIND=8) :: vsqrd, cell_vol, cell_mass

    vol = 0.0
    mass = 0.0
    ie = 0.0
    ke = 0.25*x_max

    !$OMP PARALLEL
    !$OMP DO PRIVATE(vsqrd, cell_vol, cell_mass) REDUCTION(+ : vol, mass, ie, ke)
    DO k = y_min, y_max
      DO j = x_min, x_max
        vsqrd = 0.0
        DO kv = k, k+1
          DO jv = j, j+1
            vsqrd = vsqrd + 0.25*xvel(jv, kv)**2
          END DO
        END DO
        cell_vol = volume(j, k)
        cell_mass = cell_vol*density(j, k)
        vol = vol + cell_vol
        mass = mass + cell_mass
        ie = ie + cell_mass*energy(j, k)
        ke = ke + cell_mass*0.5*vsqrd
      END DO
    END DO
    !$OMP END DO
    !$OMP END PARALLEL

  END SUBROUTINE summary_results

END MODULE summary_results_module
