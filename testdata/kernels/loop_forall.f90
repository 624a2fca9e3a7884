! loop_forall: FORALL with Fortran's semantics. A FORALL statement with a
! mask over two indices; a named construct of two assignments whose second
! reads the first's result at shifted indices (each assignment completes
! before the next); a stride; a nested FORALL; and the shifted
! self-reference a(i) = a(i-1) + a(i+1), whose right-hand side reads only
! old values (forocl computes it into a temporary, then copies it in).
!$OFP PURE, KERNEL :: foralls
subroutine foralls(n, m, a, b, c, d)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(inout) :: b(n, m), d(0:n+1)
  real, intent(out) :: c(n, m)
  integer :: i, j
  c = 0.0
  forall (i = 1:n, j = 1:m, a(i, j) > 0.9) c(i, j) = 2.0*a(i, j)
  shift: forall (i = 2:n, j = 1:m)
    b(i, j) = a(i, j) + 1.0
    c(i, j) = c(i, j) + b(i-1, j)
  end forall shift
  forall (i = 1:n:3)
    forall (j = 2:m:2) b(i, j) = -a(i, j)
  end forall
  forall (i = 1:n) d(i) = d(i-1) + d(i+1)
end subroutine foralls
