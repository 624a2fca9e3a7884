! A loop whose step is a variable: forocl's parallel loops have a
! literal step, so this one runs in order, on one work-item.
!$OFP PURE, KERNEL :: odd
subroutine odd(n, s, a, b)
  integer :: n, s
  real :: a(n), b(n)
  integer :: i
  do i = 1, n, s  ! WARNING [loop-serial] "the loop over \"i\" at 8:3 has a step that is not an integer literal"
    b(i) = 2*a(i)
  end do
end subroutine odd
