      MODULE twice_mod
      CONTAINS
      SUBROUTINE twice(n, a, b)
      INTEGER n
      REAL*8 a(n), b(n)
      INTENT(IN) n, a
      INTENT(OUT) b
      INTEGER i
      DO i = 1, n
        b(i) = 2*a(i)
      END DO
      END SUBROUTINE
      END MODULE
