! Fluxes on staggered arrays (one more cell in x), and a procedure that
! stays host code (it prints), in one file.
MODULE flux_kernel_module

CONTAINS

  SUBROUTINE flux_kernel(x_min,x_max,y_min,y_max,dt,xvel,xarea,vol_flux_x)

    IMPLICIT NONE

    INTEGER       :: x_min, x_max, y_min, y_max
    REAL(KIND=8) :: dt
    REAL(KIND=8), DIMENSION(x_min-2:x_max+3,y_min-2:y_max+2) :: xvel, xarea
    REAL(KIND=8), DIMENSION(x_min-2:x_max+3,y_min-2:y_max+2) :: vol_flux_x

    INTEGER :: j,k

!$OMP PARALLEL DO
    DO k=y_min,y_max
      DO j=x_min,x_max+1
        vol_flux_x(j,k)=0.5_8*dt*xarea(j,k)*(xvel(j,k)+xvel(j,k+1))
      ENDDO
    ENDDO
!$OMP END PARALLEL DO

  END SUBROUTINE flux_kernel

  SUBROUTINE flux_report(x_min,x_max,y_min,y_max,vol_flux_x)

    IMPLICIT NONE

    INTEGER       :: x_min, x_max, y_min, y_max
    REAL(KIND=8), DIMENSION(x_min-2:x_max+3,y_min-2:y_max+2) :: vol_flux_x

    PRINT '(a,es24.16)', 'flux corner ', vol_flux_x(x_min,y_min)

  END SUBROUTINE flux_report

END MODULE flux_kernel_module
