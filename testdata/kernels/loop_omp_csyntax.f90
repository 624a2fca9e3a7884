! loop_omp_csyntax: OpenMP lines in C syntax ("parallel for"), as code
! generators for both languages write them. gfortran without -fopenmp
! reads them as comments; forocl warns and treats each nest as a plain DO
! nest: the first is independent and runs in parallel, the second carries
! a running sum and runs in order, as the serial program does. The stray
! end lines of Fortran constructs that were never opened are ignored.
module omp_csyntax
  implicit none
contains
!$OFP PURE, KERNEL :: csyntax
  subroutine csyntax(n, m, a, b, c)
    integer, intent(in) :: n, m
    real(8), intent(in) :: a(n, m)
    real(8), intent(out) :: b(n, m), c(n, m)
    integer :: i, j
    !$omp teams distribute parallel for simd collapse(2) schedule(static,1) ! WARNING [directive-c-syntax]
    do j = 1, m
      do i = 1, n
        b(i, j) = 0.5d0*a(i, j) + 1.0d0
      end do
      !$omp end simd
    end do
    !$omp end do
    !$omp parallel for ! WARNING [directive-c-syntax]
    do j = 1, m
      c(1, j) = b(1, j)
      do i = 2, n
        c(i, j) = c(i-1, j) + b(i, j)
      end do
    end do
  end subroutine csyntax
end module omp_csyntax
