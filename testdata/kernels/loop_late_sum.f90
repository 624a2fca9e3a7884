! Reductions over a bound the device computes (issue 22, Note [late
! launches] in package abi): a parallel count, then a sum and a max over
! 1..cnt; a serial nest's running count (packing the elements above 1),
! then a sum over the packed 1..ip-1. Each reducing launch is sized when
! the host reaches it, after reading the count back, and its partial
! results, one per work-group, are counted then; at m = 2000 past the
! first work-group.
!$OFP PURE, KERNEL :: late_sum
subroutine late_sum(m, a, b, s, t, u)
  implicit none
  integer, intent(in) :: m
  real(8), intent(in) :: a(m)
  real(8), intent(out) :: b(m)
  real(8), intent(out) :: s, t, u
  integer :: i, cnt, ip, np
  cnt = 0
  !$omp parallel do reduction(+:cnt)
  do i = 1, m
    if (a(i) > 1.0d0) cnt = cnt + 1
  end do
  s = 0
  t = -1
  !$omp parallel do reduction(+:s) reduction(max:t)
  do i = 1, cnt
    s = s + a(i)*i
    t = max(t, a(m - i + 1))
  end do
  b = 0
  ip = 1
  do i = 1, m  ! WARNING [loop-serial] "different iterations may write the same element of \"b\""
    if (a(i) > 1.0d0) then
      b(ip) = a(i)
      ip = ip + 1
    end if
  end do
  np = ip - 1
  u = 0
  !$omp parallel do reduction(+:u)
  do i = 1, np
    u = u + b(i)*b(i)
  end do
end subroutine
