!$OFP PURE, KERNEL :: interior
subroutine interior(n, m, a, b)
  integer :: n, m
  real :: a(n, m), b(n, m)
  b(2:n-1, :) = 0.5*(a(1:n-2, :) + a(3:n-1, :))  ! ERROR:38 [shape-mismatch] "a(3:n-1, :) and b(2:n-1, :) have different shapes: extent n - 3 against n - 2 in dimension 1"
end subroutine interior
