! RUN: forocl check -ffixed-form %s
C     A FIXED-FORM DIRECTIVE CONTINUATION (A CHARACTER IN COLUMN 6) WITH
C     NO DIRECTIVE BEFORE IT.
!$OFP PURE, KERNEL :: ORPHAN
      SUBROUTINE ORPHAN(N, A, B)
      INTEGER, INTENT(IN) :: N
      REAL, INTENT(IN) :: A(N)
      REAL, INTENT(OUT) :: B(N)
      INTEGER I
C$OMP&PARALLEL DO
!^ ERROR:6 [directive-continuation] "no !$omp directive comes before it"
      DO I = 1, N
        B(I) = A(I)
      END DO
      END
