!$OFP PURE, KERNEL :: total
subroutine total(n, a, s)
  integer :: n
  real :: a(n), s
  integer :: i
  s = 0
  !$omp parallel reduction(+:s)
  !^ ERROR:18 [loop-directive] "reduction on !$omp parallel is not supported: forocl reduces only over a loop"
  !$omp do
  do i = 1, n
    s = s + a(i)
    !^ ERROR [loop-reduction] "intent(out) scalar \"s\" is assigned inside a parallel loop without a reduction clause"
  end do
  !$omp end parallel
end subroutine total
