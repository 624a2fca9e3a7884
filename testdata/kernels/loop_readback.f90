! Scalars from device-written data: a nest writes b, and the host reads
! elements of b back after it (Note [host elements]): corner is b's last
! element, a result held in a dummy without INTENT; an IF on b(1) decides
! whether the second nest launches; vol and mass are set to 0 on the host
! and then reduced into by a nest, as Fortran's reduction clause does.
MODULE readback_module
CONTAINS
  SUBROUTINE readback(n, a, b, c, corner, vol, mass)
  !$OFP PURE, KERNEL :: readback
    IMPLICIT NONE
    INTEGER, INTENT(IN) :: n
    REAL(KIND=8), INTENT(IN) :: a(n)
    REAL(KIND=8), INTENT(OUT) :: b(n), c(n)
    REAL(KIND=8) :: corner, vol, mass
    INTEGER :: i
    REAL(KIND=8) :: first

    !$OMP PARALLEL DO
    DO i = 1, n
      b(i) = a(i)*REAL(i, 8)
    END DO
    !$OMP END PARALLEL DO
    corner = b(n)
    first = b(1)
    IF (first .GT. 1.0_8) THEN
      !$OMP PARALLEL DO
      DO i = 1, n
        c(i) = b(i) - first
      END DO
      !$OMP END PARALLEL DO
    ELSE
      !$OMP PARALLEL DO
      DO i = 1, n
        c(i) = b(i) + corner
      END DO
      !$OMP END PARALLEL DO
    END IF
    vol = 0.0_8
    mass = 0.0_8
    !$OMP PARALLEL DO REDUCTION(+:vol, mass)
    DO i = 1, n
      vol = vol + c(i)
      mass = mass + b(i)*a(i)
    END DO
    !$OMP END PARALLEL DO
    corner = corner + vol
  END SUBROUTINE readback
END MODULE readback_module
