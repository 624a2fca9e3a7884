! EOSHIFT and CSHIFT in array assignments (Note [shifts]): a 1-D heat
! step whose ends take boundary values, in the form of the ftt-research
! heat kernels but into a second array; shifts of a 2-D array along
! either dimension, by constants and by a dummy, of a section and of an
! expression, with and without BOUNDARY, by keyword and by position; and
! shifts of the array assigned, which Fortran reads whole before it
! assigns (through a temporary: Note [assignment temporaries]).
MODULE shifts_module
CONTAINS
  ELEMENTAL REAL FUNCTION halve(x)
    REAL, INTENT(IN) :: x
    halve = x/2.0
  END FUNCTION halve

  SUBROUTINE heat_step(n, t, t2, lb, rb)
  !$OFP PURE, KERNEL :: heat_step
    IMPLICIT NONE
    INTEGER, INTENT(IN) :: n
    REAL, DIMENSION(n), INTENT(IN) :: t
    REAL, DIMENSION(n), INTENT(OUT) :: t2
    REAL, INTENT(IN) :: lb, rb
    t2 = halve(EOSHIFT(t, shift=-1, boundary=lb) + eoshift(t, 1, rb))
  END SUBROUTINE heat_step

  SUBROUTINE shift2d(n, m, k, a, b, c, d, e)
  !$OFP PURE, KERNEL :: shift2d
    IMPLICIT NONE
    INTEGER, INTENT(IN) :: n, m, k
    REAL(KIND=8), INTENT(IN) :: a(n, m), b(n, m)
    REAL(KIND=8), INTENT(OUT) :: c(n, m), d(n, m), e(n, m)
    c = EOSHIFT(a, 2, DIM=2) + CSHIFT(b, -1)
    d = CSHIFT(a + 2.0_8*b, k, 2) - EOSHIFT(b, -k, 9.0_8, 1)
    e(2:n, :) = EOSHIFT(a(1:n-1, :), 1, -1.0_8) + CSHIFT(b(2:n, m:1:-1), 3, DIM=2)
    e(1, :) = CSHIFT(a(1, :), -k)
  END SUBROUTINE shift2d

  SUBROUTINE heat_inplace(t, lb, rb, g)
  !$OFP PURE, KERNEL :: heat_inplace
    IMPLICIT NONE
    REAL, DIMENSION(:), INTENT(INOUT) :: t
    REAL, INTENT(IN) :: lb, rb
    REAL(KIND=8), DIMENSION(:, :), INTENT(INOUT) :: g
    t = halve(EOSHIFT(t, -1, lb) + EOSHIFT(t, 1, rb))
    g(:, 2:) = CSHIFT(g(:, 2:), 1, 2) - g(:, 2:)
  END SUBROUTINE heat_inplace
END MODULE shifts_module
