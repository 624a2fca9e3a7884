! An OpenMP nest whose inner loop carries a dependence (a running sum
! along each column): only the outer loop, the one the directive names,
! runs in parallel; each work-item runs the inner loop itself.
!$OFP PURE, KERNEL :: running_sum
subroutine running_sum(n, m, b, a)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: b(n, m)
  real(8), intent(inout) :: a(0:n, m)
  integer :: i, j
  !$omp parallel do private(i)
  do j = 1, m
    do i = 1, n
      a(i, j) = a(i-1, j) + b(i, j)
    end do
  end do
end subroutine running_sum
