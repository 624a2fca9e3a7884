! IF / ELSE IF / ELSE inside an !$omp do of a parallel region.
!$OFP PURE, KERNEL :: limiter
subroutine limiter(n, m, a, b)
  implicit none
  integer :: n, m
  real :: a(n, m), b(n, m)
  integer :: i, j
  real :: v
  !$omp parallel
  !$omp do private(i, v)
  do j = 1, m
    do i = 1, n
      v = a(i, j)
      if (v > 1.2) then
        b(i, j) = 1.2
      else if (v < 0.8) then
        b(i, j) = 0.8 - 0.5*(0.8 - v)
      else
        b(i, j) = v
      end if
    end do
  end do
  !$omp end do
  !$omp end parallel
end subroutine limiter
