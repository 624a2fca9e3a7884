!$OFP PURE, KERNEL :: shift_rows
subroutine shift_rows(n, m, a)
  integer, intent(in) :: n, m
  real, intent(inout) :: a(n, m)
  integer :: j
  !$omp parallel do
  do j = 1, m
    a(2:n, j) = a(1:n-1, j)  ! ERROR:17 [loop-section-overlap] "array assignment reads \"a\" at 8:17 while it writes it at 8:5"
  end do
end subroutine shift_rows
