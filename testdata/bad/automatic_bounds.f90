! An automatic array's bounds must be affine in the integer scalar
! dummies, as a dummy array's are; the host never reads its elements.
!$OFP PURE, KERNEL :: squares
subroutine squares(n, a, s)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: s
  real :: sq(n*n)  ! ERROR [loop-bound] "upper bound 1 of automatic array \"sq\" is not affine"
  real :: t(n)
  integer :: i
  do concurrent (i = 1:n)
    t(i) = a(i)**2
  end do
  s = t(1)  ! ERROR [loop-guard-array] "the host reads local array \"t\""
end subroutine squares
