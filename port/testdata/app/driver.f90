! The application's driver: it is not ported. Built once with the
! original kernel files (the CPU build) and once with the ported ones.
PROGRAM app
  USE eos_kernel_module
  USE summary_kernel_module
  USE halo_kernel_module
  USE flux_kernel_module
  USE damp_kernel_module
  USE scale_kernel_module
  IMPLICIT NONE
  INTEGER, PARAMETER :: x_min=1, x_max=20, y_min=1, y_max=12
  REAL(KIND=8), ALLOCATABLE :: density(:,:), energy(:,:), energy1(:,:), pressure(:,:), soundspeed(:,:), volume(:,:)
  REAL(KIND=8), ALLOCATABLE :: xvel(:,:), xarea(:,:), vol_flux_x(:,:), a(:), b(:)
  REAL(KIND=8) :: vol, mass, ie, press
  INTEGER :: j, k, step

  ALLOCATE(density(x_min-2:x_max+2,y_min-2:y_max+2), energy(x_min-2:x_max+2,y_min-2:y_max+2))
  ALLOCATE(energy1(x_min-2:x_max+2,y_min-2:y_max+2), pressure(x_min-2:x_max+2,y_min-2:y_max+2))
  ALLOCATE(soundspeed(x_min-2:x_max+2,y_min-2:y_max+2), volume(x_min-2:x_max+2,y_min-2:y_max+2))
  ALLOCATE(xvel(x_min-2:x_max+3,y_min-2:y_max+2), xarea(x_min-2:x_max+3,y_min-2:y_max+2))
  ALLOCATE(vol_flux_x(x_min-2:x_max+3,y_min-2:y_max+2))
  ALLOCATE(a(37), b(37))
  DO k=y_min-2,y_max+2
    DO j=x_min-2,x_max+2
      density(j,k)=1.0_8+0.1_8*j+0.01_8*k*k
      energy(j,k)=2.5_8+SIN(0.3_8*j)*COS(0.2_8*k)
      volume(j,k)=0.25_8+0.001_8*(j+k)
    ENDDO
  ENDDO
  pressure=-1.0_8
  soundspeed=-1.0_8
  energy1=0.0_8
  DO k=y_min-2,y_max+2
    DO j=x_min-2,x_max+3
      xvel(j,k)=0.01_8*j-0.02_8*k
      xarea(j,k)=1.0_8+0.5_8*MOD(j+k,3)
    ENDDO
  ENDDO
  vol_flux_x=0.0_8
  DO step=1,3
    CALL eos_kernel(x_min,x_max,y_min,y_max,density,energy,pressure,soundspeed)
    CALL halo_kernel(x_min,x_max,y_min,y_max,1,1,2,pressure)
    CALL flux_kernel(x_min,x_max,y_min,y_max,0.04_8,xvel,xarea,vol_flux_x)
    CALL damp_kernel(x_min,x_max,y_min,y_max,0.1_8,energy,energy1)
    energy(x_min:x_max,y_min:y_max)=energy1(x_min:x_max,y_min:y_max)   ! host code between calls
    density(x_min,y_min)=density(x_min,y_min)+0.5_8
    CALL summary_kernel(x_min,x_max,y_min,y_max,volume,density,energy,pressure,vol,mass,ie,press)
    PRINT '(a,i0,4es24.16)', 'step ', step, vol, mass, ie, press
    PRINT '(a,3es24.16)', 'fields ', pressure(x_min-2,y_min), soundspeed(x_max,y_max), pressure(x_max+2,y_max)
    CALL flux_report(x_min,x_max,y_min,y_max,vol_flux_x)
  ENDDO
  a=[(0.5_8*j, j=1,37)]
  b=scaled(37,a,3.0_8)
  PRINT '(a,2es24.16)', 'scaled ', SUM(b), b(37)
END PROGRAM app
