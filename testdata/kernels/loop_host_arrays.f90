! A small local integer array that the host fills from inquiries of a
! dummy and reads element by element as loop bounds (Note [small host
! arrays]): lbound, ubound and shape of the whole array, an array
! constructor of its elements, an element updated in place, and an
! element read inside a nest.
MODULE host_arrays_module
CONTAINS
  SUBROUTINE host_arrays(n, m, a, b)
  !$OFP PURE, KERNEL :: host_arrays
    IMPLICIT NONE
    INTEGER, INTENT(IN) :: n, m
    REAL(KIND=8), INTENT(IN) :: a(0:n + 1, m)
    REAL(KIND=8), INTENT(OUT) :: b(0:n + 1, m)
    INTEGER :: lo(2), hi(2), ext(2), rng(2)
    INTEGER :: i, j

    lo = LBOUND(a)
    hi = UBOUND(a)
    ext = SHAPE(a)
    rng = [lo(2), hi(2) - 1]
    hi(1) = hi(1) - 1
    !$OMP PARALLEL DO
    DO j = 1, m
      DO i = 0, n + 1
        b(i, j) = -1.0_8
      END DO
    END DO
    !$OMP END PARALLEL DO
    !$OMP PARALLEL DO
    DO j = rng(1), rng(2)
      DO i = lo(1) + 1, hi(1)
        b(i, j) = a(i - 1, j) + a(i + 1, j) + REAL(ext(1) - ext(2), 8)
      END DO
    END DO
    !$OMP END PARALLEL DO
  END SUBROUTINE host_arrays
END MODULE host_arrays_module
