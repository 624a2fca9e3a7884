! DO CONCURRENT with Fortran 2023's REDUCE locality specifier: a sum into
! an intent(out) result and a minimum into a local that the next nest
! uses. gfortran 12 cannot compile REDUCE, so this file is not in the
! corpus: golden/loopreduce_test.go compares it with the same nests
! written under !$omp parallel do.
!$OFP PURE, KERNEL :: dc_reduce
subroutine dc_reduce(n, m, a, total, shifted)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: a(n, m)
  real(8), intent(out) :: total
  real(8), intent(out) :: shifted(n, m)
  integer :: i, j
  real(8) :: lo
  total = 1.0d0
  lo = 1.0d30
  do concurrent (j = 1:m, i = 1:n) reduce(+: total) reduce(min: lo)
    total = total + a(i, j)
    lo = min(lo, a(i, j))
  end do
  do concurrent (j = 1:m, i = 1:n)
    shifted(i, j) = a(i, j) - lo
  end do
end subroutine dc_reduce
