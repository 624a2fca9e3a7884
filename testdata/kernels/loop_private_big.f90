! A private work array of 100 elements per iteration: each iteration
! fills a running sum of its row and reads it back reversed.
!$OFP PURE, KERNEL :: prefix_rows
subroutine prefix_rows(n, a, b)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n)
  real(8), intent(out) :: b(n)
  real(8) :: work(0:99)  ! WARNING [loop-private-large]
  integer :: i, m
  do concurrent (i = 1:n)
    work(0) = a(i)
    do m = 1, 99
      work(m) = work(m-1) + a(i)/m
    end do
    b(i) = 0
    do m = 99, 0, -3
      b(i) = b(i) + work(m)*m
    end do
  end do
end subroutine prefix_rows
