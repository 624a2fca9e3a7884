! A time-step control in the style of a hydro code's dt kernel: the
! results are scalar dummies with no INTENT, set before the nest (so
! intent(out)); the minimum is updated with a MIN of several arguments
! under REDUCTION(MIN:...), and a MAX with the reduced scalar in the middle
! of its arguments. After the nest a flag is set from the reduced value.
MODULE min_timestep_module

CONTAINS

  !$OFP PURE, KERNEL :: min_timestep
  SUBROUTINE min_timestep(x_min, x_max, y_min, y_max, dtc_safe, celldx, celldy, &
                          soundspeed, xvel, yvel, dt_min, vmax, small)
    IMPLICIT NONE
    INTEGER :: x_min, x_max, y_min, y_max
    REAL(KIND=8) :: dtc_safe
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2) :: celldx
    REAL(KIND=8), DIMENSION(y_min-2:y_max+2) :: celldy
    REAL(KIND=8), DIMENSION(x_min-2:x_max+2, y_min-2:y_max+2) :: soundspeed
    REAL(KIND=8), DIMENSION(x_min-2:x_max+3, y_min-2:y_max+3) :: xvel, yvel
    REAL(KIND=8) :: dt_min, vmax
    INTEGER :: small
    INTEGER :: j, k
    REAL(KIND=8) :: dsx, dsy, cc, dtct, dtut, dtvt, g_big

    g_big = 1.0e+21
    small = 0
    dt_min = g_big
    vmax = 0.0

    !$OMP PARALLEL
    !$OMP DO PRIVATE(dsx, dsy, cc, dtct, dtut, dtvt) REDUCTION(MIN : dt_min) REDUCTION(MAX : vmax)
    DO k = y_min, y_max
      DO j = x_min, x_max
        dsx = celldx(j)
        dsy = celldy(k)
        cc = soundspeed(j, k)*soundspeed(j, k)
        dtct = dtc_safe*MIN(dsx, dsy)/SQRT(cc)
        dtut = dtc_safe*dsx/MAX(ABS(xvel(j, k)), ABS(xvel(j+1, k)), 1.0d-5)
        dtvt = dtc_safe*dsy/MAX(ABS(yvel(j, k)), ABS(yvel(j, k+1)), 1.0d-5)
        dt_min = MIN(dt_min, dtct, dtut, dtvt)
        vmax = MAX(ABS(xvel(j, k)), vmax, ABS(yvel(j, k)))
      END DO
    END DO
    !$OMP END DO
    !$OMP END PARALLEL

    IF (dt_min .LT. 0.5d0) small = 1

  END SUBROUTINE min_timestep

END MODULE min_timestep_module
