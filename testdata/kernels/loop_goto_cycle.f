C     F77 jumps to the CONTINUE that ends a loop (Note [goto as cycle]):
C     a labelled DO and a block DO whose last statement is labelled.
C     Each GO TO skips the rest of one iteration, as CYCLE does.
!$OFP PURE, KERNEL :: star_min
      SUBROUTINE STAR_MIN(U, T, OFF, NX, NF)
      INTEGER NX, NF
      REAL U(NX), T(NX)
      INTEGER OFF(NF)
      INTEGER I, L, J
      REAL TMIN
      DO 20 I = 1, NX
         TMIN = U(I)
         DO 10 L = 1, NF
            J = I + OFF(L)
            IF (J .LT. 1) GOTO 10
            IF (J .GT. NX) GO TO 10
            TMIN = MIN(TMIN, U(J) + 0.5*ABS(OFF(L)))
   10    CONTINUE
         DO L = 1, NF
            IF (MOD(L, 2) .EQ. 0) GOTO 15
            TMIN = TMIN + 0.001
   15       CONTINUE
         END DO
         T(I) = TMIN
   20 CONTINUE
      END
