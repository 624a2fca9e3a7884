      MODULE square_mod
      CONTAINS
      PURE FUNCTION sq(x)
      REAL*8, INTENT(IN) :: x
      REAL*8 sq
      sq = x*x
      END FUNCTION
      END MODULE
