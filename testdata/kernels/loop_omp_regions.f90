! loop_omp_regions: one !$omp parallel region holding several !$omp do
! loops (one nowait), statements under !$omp single and !$omp master that
! run once, a barrier between the loops and an !$omp simd inner loop. The
! region's statements run on the host side, as any statement between
! nests does.
module omp_regions
  implicit none
contains
!$OFP PURE, KERNEL :: regions
  subroutine regions(n, m, a, b, c, s)
    integer, intent(in) :: n, m
    real, intent(in) :: a(n, m)
    real, intent(out) :: b(n, m), c(m), s
    real :: t
    integer :: i, j
    !$omp parallel private(i, j) shared(a, b, c) num_threads(4) ! WARNING [directive-clause-ignored]
    !$omp single
    t = 0.5
    !$omp end single
    !$omp do schedule(static) ! WARNING [directive-clause-ignored]
    do j = 1, m
      !$omp simd
      do i = 1, n
        b(i, j) = t*a(i, j) + shift(a(i, j))
      end do
    end do
    !$omp end do nowait
    !$omp barrier
    !$omp master
    s = 0.0
    !$omp end master
    !$omp masked
    t = 2.0
    !$omp end masked
    !$omp do reduction(+:s)
    do j = 1, m
      c(j) = t*a(1, j)
      s = s + c(j)
    end do
    !$omp end do
    !$omp end parallel
  end subroutine regions

  pure real function shift(x)
    !$omp declare target
    real, intent(in) :: x
    shift = x - 1.0
  end function shift
end module omp_regions
