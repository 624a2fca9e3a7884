! OpenMP reductions of a loop nest: a sum and a minimum returned as
! intent(out) scalars, and a sum into a local whose value the next nest
! uses (the mean it subtracts). Odd extents leave partial work-groups.
!$OFP PURE, KERNEL :: omp_stats
subroutine omp_stats(n, m, a, total, amin, centred)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: a(n, m)
  real(8), intent(out) :: total, amin
  real(8), intent(out) :: centred(n, m)
  integer :: i, j
  real(8) :: s, mean
  total = 0.0d0
  amin = 1.0d30
  s = 0.0d0
  !$omp parallel do collapse(2) reduction(+:total, s) reduction(min:amin)
  do j = 1, m
    do i = 1, n
      total = total + a(i, j)*a(i, j)
      s = s + a(i, j)
      amin = min(amin, a(i, j) - 0.5d0*a(i, j)**2)
    end do
  end do
  mean = s/(n*m)
  !$omp parallel do
  do j = 1, m
    do i = 1, n
      centred(i, j) = a(i, j) - mean
    end do
  end do
end subroutine omp_stats
