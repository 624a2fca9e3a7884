!$OFP PURE, KERNEL :: shift
subroutine shift(n, a)
  integer :: n
  real :: a(n)
  a(2:n) = a(1:n-1)  ! ERROR:12 [loop-section-overlap] "array assignment reads \"a\" at 5:12 while it writes it at 5:3"
end subroutine shift
