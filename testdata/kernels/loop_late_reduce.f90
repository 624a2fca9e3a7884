! A reduction's result as a bound (issue 22): the parallel count of the
! elements above 1 bounds the loop after it, which the host sizes when
! the program reaches it, after reading the count back from the device
! (Note [late launches] in package abi); at m = 2000 past the first
! work-group.
!$OFP PURE, KERNEL :: late_reduce
subroutine late_reduce(m, a, c)
  implicit none
  integer, intent(in) :: m
  real(8), intent(in) :: a(m)
  real(8), intent(out) :: c(m)
  integer :: i, cnt
  c = 0
  cnt = 0
  !$omp parallel do reduction(+:cnt)
  do i = 1, m
    if (a(i) > 1.0d0) cnt = cnt + 1
  end do
  !$omp parallel do
  do i = 1, cnt
    c(i) = a(i) + a(m - i + 1)
  end do
end subroutine
