! A field summary with an OpenMP reduction into intent(out) scalars.
MODULE summary_kernel_module

CONTAINS

  SUBROUTINE summary_kernel(x_min,x_max,y_min,y_max,volume,density,energy,pressure, &
                            vol,mass,ie,press)

    IMPLICIT NONE

    INTEGER      :: x_min,x_max,y_min,y_max
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2,y_min-2:y_max+2), INTENT(IN) :: volume,density,energy,pressure
    REAL(KIND=8), INTENT(OUT) :: vol,mass,ie,press

    INTEGER      :: j,k
    REAL(KIND=8) :: cell_vol,cell_mass

    vol=0.0
    mass=0.0
    ie=0.0
    press=0.0

!$OMP PARALLEL
!$OMP DO PRIVATE(cell_vol,cell_mass) REDUCTION(+ : vol,mass,ie,press)
    DO k=y_min,y_max
      DO j=x_min,x_max
        cell_vol=volume(j,k)
        cell_mass=cell_vol*density(j,k)
        vol=vol+cell_vol
        mass=mass+cell_mass
        ie=ie+cell_mass*energy(j,k)
        press=press+cell_vol*pressure(j,k)
      ENDDO
    ENDDO
!$OMP END DO
!$OMP END PARALLEL

  END SUBROUTINE summary_kernel

END MODULE summary_kernel_module
