! The bound of a parallel loop computed from a serial nest's running
! count: the count comes back from the device, and hosts size every
! launch before the first one runs.
!$OFP PURE, KERNEL :: pack_count
subroutine pack_count(n, a, b, c)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n), c(n)
  integer :: i, j, ip, m
  b = 0
  c = 0
  ip = 1
  do i = 1, n  ! WARNING [loop-serial] "different iterations may write the same element of \"b\""
    if (a(i) > 1.0) then
      b(ip) = a(i)
      ip = ip + 1
    end if
  end do
  m = ip - 1  ! ERROR [host-var] "\"ip\" is a bound of a parallel loop, or goes into one, but the nest at 13:3 computes it on the device"
  do concurrent (j = 1:m)
    c(j) = 2*b(j)
  end do
end subroutine
