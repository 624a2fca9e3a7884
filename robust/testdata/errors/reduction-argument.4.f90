!$OFP PURE, KERNEL :: weighted
subroutine weighted(n, a, b, s)
  integer :: n
  real :: a(n), b(n)
  real, intent(out) :: s
  s = dot_product(a(1:n), b(1:n), a(1:n))  ! ERROR [reduction-argument] "only dot_product(a, b), with no other argument, is translated in a loop kernel"
end subroutine weighted
