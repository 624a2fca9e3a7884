! Halo reflection: writes only the halo cells of an inout array, under
! IFs on the boundary flags, as CloverLeaf's update_halo_kernel does.
MODULE halo_kernel_module

CONTAINS

  SUBROUTINE halo_kernel(x_min,x_max,y_min,y_max,left,right,depth,field)

    IMPLICIT NONE

    INTEGER :: x_min,x_max,y_min,y_max,left,right,depth
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2,y_min-2:y_max+2) :: field

    INTEGER :: j,k

    IF(left.EQ.1) THEN
!$OMP PARALLEL DO
      DO k=y_min-depth,y_max+depth
        DO j=1,depth
          field(x_min-j,k)=field(x_min-1+j,k)
        ENDDO
      ENDDO
!$OMP END PARALLEL DO
    ENDIF
    IF(right.EQ.1) THEN
!$OMP PARALLEL DO
      DO k=y_min-depth,y_max+depth
        DO j=1,depth
          field(x_max+j,k)=field(x_max+1-j,k)
        ENDDO
      ENDDO
!$OMP END PARALLEL DO
    ENDIF

  END SUBROUTINE halo_kernel

END MODULE halo_kernel_module
