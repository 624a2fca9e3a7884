C     Fixed form: a damping step with continuation lines and labelled
C     DO loops.
      MODULE damp_kernel_module
      CONTAINS
      SUBROUTINE damp_kernel(x_min,x_max,y_min,y_max,rate,
     &                       energy,
     &                       energy1)
      IMPLICIT NONE
      INTEGER x_min,x_max,y_min,y_max
      REAL(KIND=8) rate
      REAL(KIND=8), DIMENSION(x_min-2:x_max+2,y_min-2:y_max+2) ::
     &   energy, energy1
      INTEGER j,k
C$OMP PARALLEL DO
      DO 20 k=y_min,y_max
        DO 10 j=x_min,x_max
          energy1(j,k)=energy(j,k)*(1.0_8-rate)
     &               +rate*0.25_8*(energy(j-1,k)+energy(j+1,k)
     &                            +energy(j,k-1)+energy(j,k+1))
   10   CONTINUE
   20 CONTINUE
      END SUBROUTINE damp_kernel
      END MODULE damp_kernel_module
