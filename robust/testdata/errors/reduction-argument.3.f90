!$OFP PURE, KERNEL :: masked_sum
subroutine masked_sum(n, a, s)
  integer :: n
  real :: a(n)
  real, intent(out) :: s
  s = sum(a(1:n), mask=a(1:n) > 0.0)  ! ERROR [reduction-argument] "only sum(array expression), with no other argument, is translated in a loop kernel"
end subroutine masked_sum
