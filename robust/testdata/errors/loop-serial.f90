! A running sum without a directive: forocl cannot prove the iterations
! independent, so the nest runs in order on one work-item, with a warning.
!$OFP PURE, KERNEL :: running
subroutine running(n, a, b)
  integer :: n
  real :: a(n), b(n)
  real :: s
  integer :: j
  s = 0
  do j = 1, n  ! WARNING [loop-serial] "\"s\" is read at 11:9 before the iteration assigns it"
    s = s + a(j)
    b(j) = s
  end do
end subroutine running
