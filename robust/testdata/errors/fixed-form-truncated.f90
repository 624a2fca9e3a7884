! RUN: forocl check -ffixed-form %s
!^ WARNING:1 [no-kernels] "no kernels found in this file"
      SUBROUTINE K(X, Y, Z)
      REAL, INTENT(IN) :: X, Y
      REAL, INTENT(OUT) :: Z
      Z = 0.5*X + 0.25*Y + 0.125*X*Y + 0.0625*X*X + 0.03125*Y*Y + 2.5*Y*Y*X
!^ WARNING:73 [fixed-form-truncated] "fixed form ignores the text after column 72"
      END SUBROUTINE K
