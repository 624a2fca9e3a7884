! Local pointers to sections of dummies (Note [section pointers]): each
! is associated once and then used whole, so it is that section; the
! interior of u is averaged with its four neighbours into v through
! pointers to five shifted windows, whose bounds come from the host.
MODULE section_ptrs_module
CONTAINS
  SUBROUTINE five_point(n, m, u, v, w)
  !$OFP PURE, KERNEL :: five_point
    IMPLICIT NONE
    INTEGER, INTENT(IN) :: n, m
    REAL(KIND=8), TARGET, DIMENSION(n, m), INTENT(IN) :: u
    REAL(KIND=8), TARGET, DIMENSION(n, m), INTENT(INOUT) :: v
    REAL(KIND=8), INTENT(IN) :: w
    REAL(KIND=8), POINTER, DIMENSION(:, :) :: c, west, east, south, north, out
    INTEGER :: nx, ny

    nx = SIZE(u, 1)
    ny = SIZE(u, 2)
    c => u(2:nx-1, 2:ny-1)
    west => u(1:nx-2, 2:ny-1)
    east => u(3:nx, 2:ny-1)
    south => u(2:nx-1, 1:ny-2)
    north => u(2:nx-1, 3:ny)
    out => v(2:nx-1, 2:ny-1)
    out = (w*c + west + east + south + north)/(w + 4.0_8)
  END SUBROUTINE five_point
END MODULE section_ptrs_module
