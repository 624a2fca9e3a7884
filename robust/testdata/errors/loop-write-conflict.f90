!$OFP PURE, KERNEL :: column_sums
subroutine column_sums(n, m, a, s)
  integer :: n, m
  real :: a(n, m), s(m)
  integer :: i, j
  !$omp parallel do collapse(2)
  do j = 1, m
    do i = 1, n
      s(j) = a(i, j)  ! ERROR [loop-write-conflict] "may write the same element of \"s\""
    end do
  end do
end subroutine column_sums
