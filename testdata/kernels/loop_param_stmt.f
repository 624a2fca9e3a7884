C     F77 PARAMETER statements: named constants given by a statement of
C     their own, typed by a declaration before (EPS) or after (W) it or
C     by the implicit rules (NH), used in a loop bound, an array bound
C     and expressions.
!$OFP PURE, KERNEL :: relax
      SUBROUTINE RELAX(U, V, N)
      INTEGER N
      REAL EPS
      PARAMETER (EPS = 1.0E-3, NH = 2) ! WARNING [implicit-type] NH
      PARAMETER (W = 0.25)
      REAL W
      REAL U(1-NH:N+NH), V(N)
      INTEGER I
      DO 10 I = 1, N
         V(I) = MAX(W*(U(I-NH) + U(I+NH)) + (1.0 - 2*W)*U(I), EPS)
   10 CONTINUE
      END
