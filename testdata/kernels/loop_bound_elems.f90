! Loop bounds read from an element of an intent(in) array (the start of a
! sweep given as start(2)): the host reads first(1) and first(2) before
! the launches, which no launch changes, and sizes the nests from them
! (Note [host elements]); the second nest is a serial recurrence along
! row j0, on one work-item.
! test input: first values in 1:nx
MODULE bound_elems_module
CONTAINS
  SUBROUTINE bound_elems(nx, ny, first, u, v)
  !$OFP PURE, KERNEL :: bound_elems
    IMPLICIT NONE
    INTEGER, INTENT(IN) :: nx, ny, first(2)
    REAL(KIND=8), INTENT(IN) :: u(nx, ny)
    REAL(KIND=8), INTENT(OUT) :: v(nx, ny)
    INTEGER :: i, j, i0, j0

    i0 = first(1)
    j0 = MIN(first(2), ny)
    !$OMP PARALLEL DO
    DO j = 1, ny
      DO i = 1, nx
        v(i, j) = 0.0_8
      END DO
    END DO
    !$OMP END PARALLEL DO
    !$OMP PARALLEL DO
    DO j = j0, ny
      DO i = i0, nx
        v(i, j) = 2.0_8*u(i, j) + u(i0, j)
      END DO
    END DO
    !$OMP END PARALLEL DO
    DO i = i0 + 1, nx  ! WARNING [loop-serial]
      v(i, j0) = v(i - 1, j0) + u(i, j0)
    END DO
  END SUBROUTINE bound_elems
END MODULE bound_elems_module
