C     Local arrays shared by a kernel's nests, in fixed form: F77 face
C     arrays with PARAMETER bounds, filled by one labelled DO nest and
C     read by the next (Note [local arrays shared across nests] in
C     sema/sharedlocals.go).
!$OFP PURE, KERNEL :: faces77
      SUBROUTINE FACES77(H, DT)
      INTEGER NX, NY
      PARAMETER (NX = 10, NY = 7)
      REAL H(NX+2, NY+2), DT
      REAL HX(NX+1, NY)
      INTEGER I, J
      DO 10 J = 1, NY
      DO 10 I = 1, NX+1
         HX(I, J) = 0.5*(H(I, J+1) + H(I+1, J+1))
   10 CONTINUE
      DO 20 J = 2, NY+1
      DO 20 I = 2, NX+1
         H(I, J) = H(I, J) + DT*(HX(I-1, J-1) - HX(I, J-1))
   20 CONTINUE
      END
