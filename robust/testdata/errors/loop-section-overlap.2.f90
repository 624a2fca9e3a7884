!$OFP PURE, KERNEL :: shift_columns
subroutine shift_columns(n, m, a)
  integer :: n, m
  real :: a(n, m)
  integer :: k
  do concurrent (k = 1:m)
    a(1:n-1, k) = a(2:n, k)  ! ERROR [loop-section-overlap] "forocl computes the elements one by one, in place"
  end do
end subroutine shift_columns
