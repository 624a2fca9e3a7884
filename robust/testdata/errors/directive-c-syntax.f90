!$OFP PURE, KERNEL :: shifted
subroutine shifted(n, a, b)
  integer :: n
  real :: a(n), b(n)
  integer :: i
  !$omp parallel for schedule(static)
  !^ WARNING [directive-c-syntax] "!$omp parallel for schedule(static) is C syntax, not a Fortran OpenMP directive; forocl ignores it, as gfortran without -fopenmp does"
  do i = 2, n
    b(i) = a(i-1) + a(i)
  end do
end subroutine shifted
