! A loop whose step is a variable inside a DO loop around nests: the host
! cannot compute its trip count before the launches, so it runs in order,
! on one work-item (outside such a loop it is parallel, the host checking
! that the step is not 0).
!$OFP PURE, KERNEL :: odd
subroutine odd(n, s, a, b)
  integer :: n, s
  real :: a(n), b(n)
  integer :: i, it
  do it = 1, 2
    !$omp parallel do
    do i = 1, n, s  ! WARNING [loop-serial] "the loop over \"i\" at 12:5 has a step that is not an integer literal"
      b(i) = b(i) + 2*a(i)
    end do
  end do
end subroutine odd
