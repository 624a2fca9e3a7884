!$OFP PURE, KERNEL :: guarded
subroutine guarded(n, a)
  integer :: n
  real :: a(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    a(i) = 2*a(i)
  end do
  !$omp critical
  !^ ERROR [loop-directive] "!$omp directive \"critical\" is not supported in a loop kernel"
  !$omp end critical
end subroutine guarded
