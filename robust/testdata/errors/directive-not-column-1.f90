! RUN: forocl check -ffixed-form %s
C     IN FIXED FORM A SENTINEL MUST START IN COLUMN 1; AN INDENTED ONE IS
C     A COMMENT (AS GFORTRAN READS IT), AND FOROCL SAYS SO.
!$OFP PURE, KERNEL :: INDENT
      SUBROUTINE INDENT(N, A, B)
      INTEGER, INTENT(IN) :: N
      REAL, INTENT(IN) :: A(N)
      REAL, INTENT(OUT) :: B(N)
      INTEGER I
      !$OMP PARALLEL DO
!^ WARNING:7 [directive-not-column-1] "does not start in column 1"
      DO I = 1, N
        B(I) = A(I)
      END DO
      END
