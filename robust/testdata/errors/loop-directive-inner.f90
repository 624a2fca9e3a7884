!$OFP PURE, KERNEL :: guarded_inner
subroutine guarded_inner(n, a, b)
  integer, intent(in) :: n
  real, intent(in) :: a(n, n)
  real, intent(out) :: b(n, n)
  integer :: i, j
  !$omp parallel do
  do j = 1, n
    !$omp simd
    do i = 1, n
      !$omp critical
      !^ ERROR [loop-directive-inner] "!$omp critical inside a parallel loop nest has no translation"
      b(i, j) = a(i, j)
      !$omp end critical
      !^ ERROR [loop-directive-inner] "!$omp end critical inside a parallel loop nest"
    end do
  end do
end subroutine guarded_inner
