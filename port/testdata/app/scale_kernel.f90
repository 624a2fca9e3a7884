! A function whose result is an array: the ported function returns it
! from the device.
MODULE scale_kernel_module

CONTAINS

  FUNCTION scaled(n,a,s) RESULT(b)

    IMPLICIT NONE

    INTEGER :: n
    REAL(KIND=8) :: a(n),s
    REAL(KIND=8) :: b(n)

    INTEGER :: i

!$OMP PARALLEL DO
    DO i=1,n
      b(i)=s*a(i)+1.0_8
    ENDDO
!$OMP END PARALLEL DO

  END FUNCTION scaled

END MODULE scale_kernel_module
