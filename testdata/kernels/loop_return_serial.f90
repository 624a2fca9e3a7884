! RETURN inside sequential loops (Note [return in serial loops]): a
! running sum over a(:, :) stops the kernel when it passes a limit, from
! inside the inner loop of a serial nest, so the rest of that nest and
! the statements after it never run (CYCLE skips the elements over
! 1.45); scale_until's loop would be parallel but for its RETURN, which
! keeps it serial, so that no element after the first over 1.4 is scaled.
MODULE return_serial_module
CONTAINS
  SUBROUTINE running_limit(n, m, a, b, c, steps)
  !$OFP PURE, KERNEL :: running_limit
    IMPLICIT NONE
    INTEGER, INTENT(IN) :: n, m
    REAL(KIND=8), INTENT(IN) :: a(n, m)
    REAL(KIND=8), INTENT(OUT) :: b(n, m), c(m)
    INTEGER, INTENT(OUT) :: steps
    INTEGER :: i, j
    REAL(KIND=8) :: acc

    !$OMP PARALLEL DO
    DO j = 1, m
      DO i = 1, n
        b(i, j) = -1.0_8
      END DO
      c(j) = -1.0_8
    END DO
    !$OMP END PARALLEL DO
    steps = 0
    acc = 0.0_8
    DO j = 1, m  ! WARNING [loop-serial]
      DO i = 1, n
        IF (a(i, j) > 1.45_8) CYCLE
        acc = acc + a(i, j)
        IF (acc > 0.4_8*REAL(n*m, 8)) THEN
          steps = steps + 1000
          RETURN
        END IF
        b(i, j) = acc
        steps = steps + 1
      END DO
      c(j) = acc
    END DO
    steps = -steps
  END SUBROUTINE running_limit


  SUBROUTINE scale_until(n, a, b)
  !$OFP PURE, KERNEL :: scale_until
    IMPLICIT NONE
    INTEGER, INTENT(IN) :: n
    REAL(KIND=8), INTENT(IN) :: a(n)
    REAL(KIND=8), INTENT(OUT) :: b(n)
    INTEGER :: i

    !$OMP PARALLEL DO
    DO i = 1, n
      b(i) = -1.0_8
    END DO
    !$OMP END PARALLEL DO
    DO i = 1, n  ! WARNING [loop-serial]
      IF (a(i) > 1.4_8) RETURN
      b(i) = 2.0_8*a(i)
    END DO
    b(1) = 7.0_8
  END SUBROUTINE scale_until
END MODULE return_serial_module
