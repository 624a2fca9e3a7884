!$OFP PURE, KERNEL :: flatten
subroutine flatten(n, a, b)
  integer :: n
  real :: a(n, n), b(n)
  b = a(:, :)  ! ERROR [shape-mismatch] "a(:, :) has rank 2 but b has rank 1"
end subroutine flatten
