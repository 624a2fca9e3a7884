! Strided loops in nests: steps other than 1 and -1, forward and
! backward, outer and inner, and loops that run no iteration (Fortran's
! trip count max((hi - lo + step)/step, 0) is 0). Each nest is parallel:
! its index ranges over lo..hi and the body runs where mod(i - lo, step)
! is 0 (Note [strided loops]).
!$OFP PURE, KERNEL :: strided
subroutine strided(n, m, a, b, c)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: a(n, m)
  real(8), intent(inout) :: b(n, m)
  real(8), intent(inout) :: c(n)
  integer :: i, j
  do j = 1, m, 2
    do i = n, 1, -3
      b(i, j) = 2*a(i, j) + j
    end do
  end do
  do j = m - 1, 2, -2
    do i = 2, n, 4
      b(i, j) = b(i, j) - a(i, j)*i
    end do
  end do
  do i = n, 1, 5
    c(i) = -1
  end do
  do i = 1, n, -2
    c(i) = -2
  end do
  do i = 3, n, 3
    c(i) = c(i) + a(i, 1)
  end do
  do concurrent (i = n:1:-2)
    c(i) = c(i)*2 + i
  end do
end subroutine strided
