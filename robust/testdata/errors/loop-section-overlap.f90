!$OFP PURE, KERNEL :: shift
subroutine shift(n, m, a)
  integer :: n, m, j
  real :: a(n, m)
  do concurrent (j = 1:m)
    a(2:n, j) = a(1:n-1, j)  ! ERROR:17 [loop-section-overlap] "array assignment reads \"a\" at 6:17 while it writes it at 6:5"
  end do
end subroutine shift
