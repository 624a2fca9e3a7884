!$OFP PURE, KERNEL :: sweep
subroutine sweep(n, m, a, b)
  integer :: n, m
  real :: a(n, m), b(n, m)
  integer :: i, j
  !$omp parallel do
  do j = 1, m
    !$omp for simd
    !^ WARNING [directive-c-syntax] "!$omp for simd is C syntax, not a Fortran OpenMP directive; forocl ignores it, as gfortran without -fopenmp does"
    do i = 1, n
      b(i, j) = 2*a(i, j)
    end do
  end do
end subroutine sweep
