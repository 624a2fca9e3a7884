!$OFP PURE, KERNEL :: counts
subroutine counts(n, a, c, s)
  integer :: n
  real :: a(n)
  integer, intent(out) :: c
  logical, intent(out) :: s
  c = count(a(1:n))  ! ERROR [reduction-argument] "count takes a logical array, not real(4)"
  s = any(a(1:n) + 1.0)  ! ERROR [reduction-argument] "any takes a logical array, not real(4)"
end subroutine counts
