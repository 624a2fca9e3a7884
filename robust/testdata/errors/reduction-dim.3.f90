!$OFP PURE, KERNEL :: row_sums
subroutine row_sums(n, m, a, b)
  integer :: n, m
  real :: a(n, m), b(n)
  b(:) = sum(a(:, :), dim=2)  ! ERROR [reduction-dim] "sum with dim= is not supported"
end subroutine row_sums
