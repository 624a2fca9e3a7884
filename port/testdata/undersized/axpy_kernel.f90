! A kernel file for the checks of undersized actual arguments (issue 23,
! cmd/forocl TestPortUndersized): explicit-shape dummies of sizes given
! by the caller, one read and one written.
MODULE axpy_kernel_module

CONTAINS

  SUBROUTINE axpy_kernel(n, m, a, x, y)

    IMPLICIT NONE

    INTEGER :: n, m
    REAL(KIND=8) :: a
    REAL(KIND=8), DIMENSION(n) :: x
    REAL(KIND=8), DIMENSION(m) :: y

    INTEGER :: i

!$OMP PARALLEL DO
    DO i=1,m
      y(i)=y(i)+a*x(i)
    ENDDO
!$OMP END PARALLEL DO

  END SUBROUTINE axpy_kernel

END MODULE axpy_kernel_module
