! Scalar functions called from a loop kernel's nest (Note [user functions]
! in sema/functions.go): an F77 external function (REAL*8, arguments
! typed by declarations, not declared pure), an external function typed
! only by Fortran's implicit rules that calls another, a module function
! that is not declared pure, and functions contained in the kernel that
! read the kernel's scalars (a dummy and a local set before the nest).
! gfortran -std=legacy: REAL*8 is an extension, as legacy code writes it.
module limiters
  implicit none
contains
  real(8) function harmonic(a, b)
    real(8) :: a, b
    real(8) :: s
    s = a + b
    if (s == 0.0d0) then
      harmonic = 0.0d0
    else
      harmonic = 2.0d0*a*b/s
    end if
  end function
end module

      REAL*8 FUNCTION MINMOD(A,B)
      REAL*8 A,B
      IF (A*B .LE. 0D0) THEN
        MINMOD = 0D0
      ELSE
        MINMOD = SIGN(MIN(ABS(A),ABS(B)),A)
      ENDIF
      END

      FUNCTION VANLEER(A,B)  ! WARNING [implicit-type] VANLEER, ! WARNING [implicit-type] A, ! WARNING [implicit-type] B: typed by the implicit rules
      IF (A*B .LE. 0.0) THEN
        VANLEER = 0.0
      ELSE
        VANLEER = SQUARE(A)*B/(A*A+B*B) + A*SQUARE(B)/(A*A+B*B)
      ENDIF
      END

      FUNCTION SQUARE(X)  ! WARNING [implicit-type] SQUARE, ! WARNING [implicit-type] X
      SQUARE = X*X
      END

!$OFP PURE, KERNEL :: limited_slopes
subroutine limited_slopes(n, u, v, dx, s, t)
  use limiters
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), dx
  real, intent(in) :: v(n)
  real(8), intent(out) :: s(n)
  real, intent(out) :: t(n)
  real(8), external :: minmod
  real :: vanleer
  integer :: i
  real(8) :: rdx
  rdx = 1.0d0/dx
  !$omp parallel do
  do i = 2, n-1
    s(i) = rdx*minmod(u(i)-u(i-1), u(i+1)-u(i)) + centred(i, u(i+1), u(i-1))*harmonic(abs(u(i)), abs(u(i+1)))
    t(i) = vanleer(v(i)-v(i-1), v(i+1)-v(i))
  end do
contains
  pure real(8) function centred(k, up, um)
    integer, intent(in) :: k
    real(8), intent(in) :: up, um
    centred = weight(k)*(up - um)
  end function
  pure real(8) function weight(k)
    integer, intent(in) :: k
    weight = 0.5d0*rdx*real(k, 8)/real(n, 8)
  end function
end subroutine
