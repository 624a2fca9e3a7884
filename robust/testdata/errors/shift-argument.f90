!$OFP PURE, KERNEL :: k
subroutine k(n, s, a, b)
  integer, intent(in) :: n, s(n)
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  b = eoshift(a, s)  ! ERROR:18 [shift-argument] "SHIFT of eoshift must be a scalar integer, not the array s"
end subroutine k
