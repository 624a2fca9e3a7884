! Set-up in the style of a hydro code's generate_chunk kernel: a host DO
! over a small table of states, whose real elements feed scalars that the
! nests read, and an IF on an integer element of the table (the state's
! geometry) that picks the nest. The host reads the table's elements
! (Note [host elements]); the nests take the scalars as launch arguments.
! test input: geometry values in 1:2
MODULE state_table_module
CONTAINS
  SUBROUTINE state_table(x_min, x_max, y_min, y_max, nstates, xmin_s, ymin_s, energy_s, &
                         geometry, cellx, celly, energy, density)
  !$OFP PURE, KERNEL :: state_table
    IMPLICIT NONE
    INTEGER, INTENT(IN) :: x_min, x_max, y_min, y_max, nstates
    REAL(KIND=8), INTENT(IN) :: xmin_s(nstates), ymin_s(nstates), energy_s(nstates)
    INTEGER, INTENT(IN) :: geometry(nstates)
    REAL(KIND=8), INTENT(IN) :: cellx(x_min:x_max), celly(y_min:y_max)
    REAL(KIND=8), INTENT(OUT) :: energy(x_min:x_max, y_min:y_max)
    REAL(KIND=8), INTENT(OUT) :: density(x_min:x_max, y_min:y_max)
    INTEGER :: j, k, state
    REAL(KIND=8) :: x_cent, y_cent, e0, radius

    !$OMP PARALLEL DO PRIVATE(j)
    DO k = y_min, y_max
      DO j = x_min, x_max
        energy(j, k) = energy_s(1)
        density(j, k) = 0.0_8
      END DO
    END DO
    DO state = 2, nstates
      x_cent = xmin_s(state)
      y_cent = ymin_s(state)
      e0 = energy_s(state)*2.0_8
      radius = SQRT(x_cent*x_cent + y_cent*y_cent)
      IF (geometry(state) .EQ. 1) THEN
        !$OMP PARALLEL DO PRIVATE(j)
        DO k = y_min, y_max
          DO j = x_min, x_max
            IF (cellx(j) .GE. x_cent .AND. celly(k) .GE. y_cent) THEN
              energy(j, k) = e0
              density(j, k) = density(j, k) + REAL(state, 8)
            END IF
          END DO
        END DO
      ELSE
        !$OMP PARALLEL DO PRIVATE(j)
        DO k = y_min, y_max
          DO j = x_min, x_max
            IF (cellx(j) + celly(k) .LE. radius) energy(j, k) = e0 + 1.0_8
          END DO
        END DO
      END IF
    END DO
  END SUBROUTINE state_table
END MODULE state_table_module
