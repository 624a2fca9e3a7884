! A strided loop: forocl's parallel loops have step 1 or -1, so this one
! runs in order, on one work-item.
!$OFP PURE, KERNEL :: odd
subroutine odd(n, a, b)
  integer :: n
  real :: a(n), b(n)
  integer :: i
  do i = 1, n, 2  ! WARNING [loop-serial] "the loop over \"i\" at 8:3 has a step other than 1 or -1"
    b(i) = 2*a(i)
  end do
end subroutine odd
