! Equation of state in CloverLeaf's idiom: explicit-shape arrays with a
! halo of two cells, an OpenMP loop nest.
MODULE eos_kernel_module

CONTAINS

  SUBROUTINE eos_kernel(x_min,x_max,y_min,y_max,                &
                        density,                                &
                        energy,                                 &
                        pressure,                               &
                        soundspeed                              )

    IMPLICIT NONE

    INTEGER :: x_min,x_max,y_min,y_max
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2,y_min-2:y_max+2) :: density
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2,y_min-2:y_max+2) :: energy
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2,y_min-2:y_max+2) :: pressure
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2,y_min-2:y_max+2) :: soundspeed

    INTEGER :: j,k
    REAL(KIND=8) :: v,pe,pv,ss2

!$OMP PARALLEL
!$OMP DO PRIVATE(v,pe,pv,ss2)
    DO k=y_min,y_max
      DO j=x_min,x_max
        v=1.0_8/density(j,k)
        pressure(j,k)=(1.4_8-1.0_8)*density(j,k)*energy(j,k)
        pe=(1.4_8-1.0_8)*density(j,k)
        pv=-density(j,k)*pressure(j,k)
        ss2=v*v*(pressure(j,k)*pe-pv)
        soundspeed(j,k)=SQRT(ss2)
      ENDDO
    ENDDO
!$OMP END DO
!$OMP END PARALLEL

  END SUBROUTINE eos_kernel

END MODULE eos_kernel_module
