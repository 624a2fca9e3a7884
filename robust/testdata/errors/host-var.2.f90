! A reduction over a bound computed from a serial nest's running count:
! the count comes back from the device when the host reaches the nest,
! but hosts size a reduction's partial results before the first launch.
!$OFP PURE, KERNEL :: pack_sum
subroutine pack_sum(n, a, b, s)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n), s
  integer :: i, j, ip, m
  b = 0
  s = 0
  ip = 1
  do i = 1, n  ! WARNING [loop-serial] "different iterations may write the same element of \"b\""
    if (a(i) > 1.0) then
      b(ip) = a(i)
      ip = ip + 1
    end if
  end do
  m = ip - 1
  !$omp parallel do reduction(+:s)
  do j = 1, m  ! ERROR [host-var] "this nest reduces over a bound that reads \"m\", which the device computes"
    s = s + b(j)
  end do
end subroutine
