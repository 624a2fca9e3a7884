! External halo update in the style of a hydro code's update_halo kernel:
! which fields to update, and which faces are external, come in small
! integer dummy arrays subscripted by named constants of a module, and
! IFs on their elements guard the nests. Each field also has an ELSE that
! fills its halo, so every output changes whatever the flags are.
! test input: fields values in 0:1
! test input: chunk_neighbours values in -1:0
MODULE halo_flags_data
  INTEGER, PARAMETER :: CHUNK_LEFT = 1, CHUNK_RIGHT = 2, CHUNK_BOTTOM = 3, CHUNK_TOP = 4
  INTEGER, PARAMETER :: EXTERNAL_FACE = -1
  INTEGER, PARAMETER :: FIELD_DENSITY = 1, FIELD_ENERGY = 2, NUM_FIELDS = 2
END MODULE halo_flags_data

MODULE halo_flags_module

  USE halo_flags_data

CONTAINS

  SUBROUTINE halo_flags(x_min, x_max, y_min, y_max, chunk_neighbours, density, &
                        energy, fields, depth)
  !$OFP PURE, KERNEL :: halo_flags
    IMPLICIT NONE
    INTEGER :: x_min, x_max, y_min, y_max
    INTEGER, DIMENSION(4) :: chunk_neighbours
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2, y_min-2:y_max+2) :: density, energy
    INTEGER :: fields(NUM_FIELDS), depth
    INTEGER :: j, k

    !$OMP PARALLEL PRIVATE(j)
    IF (fields(FIELD_DENSITY) .EQ. 1) THEN
      IF (chunk_neighbours(CHUNK_BOTTOM) .EQ. EXTERNAL_FACE) THEN
        !$OMP DO
        DO j = x_min-depth, x_max+depth
          DO k = 1, depth
            density(j, 1-k) = density(j, 0+k)
          END DO
        END DO
        !$OMP END DO
      END IF
      IF ((chunk_neighbours(CHUNK_LEFT) .EQ. EXTERNAL_FACE) .AND. (depth .GT. 0)) THEN
        !$OMP DO
        DO k = y_min-depth, y_max+depth
          DO j = 1, depth
            density(1-j, k) = density(0+j, k)
          END DO
        END DO
        !$OMP END DO
      END IF
    ELSE
      !$OMP DO
      DO k = y_min-depth, y_max+depth
        DO j = 1, depth
          density(x_max+j, k) = 0.0
        END DO
      END DO
      !$OMP END DO
    END IF

    IF (fields(FIELD_ENERGY) .EQ. 1 .AND. chunk_neighbours(CHUNK_TOP) .EQ. EXTERNAL_FACE) THEN
      !$OMP DO
      DO j = x_min-depth, x_max+depth
        DO k = 1, depth
          energy(j, y_max+k) = energy(j, y_max+1-k)
        END DO
      END DO
      !$OMP END DO
    ELSE IF (chunk_neighbours(CHUNK_RIGHT) .NE. EXTERNAL_FACE) THEN
      !$OMP DO
      DO k = y_min-depth, y_max+depth
        DO j = 1, depth
          energy(x_max+j, k) = -1.0
        END DO
      END DO
      !$OMP END DO
    ELSE
      !$OMP DO
      DO k = y_min, y_max
        DO j = x_min, x_max
          energy(j, k) = 2.0*energy(j, k)
        END DO
      END DO
      !$OMP END DO
    END IF
    !$OMP END PARALLEL

  END SUBROUTINE halo_flags

END MODULE halo_flags_module
