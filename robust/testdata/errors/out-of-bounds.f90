!$OFP PURE, KERNEL :: smooth
subroutine smooth(n, a, b)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = 0.5*(a(i-1) + a(i))  ! WARNING:17 [out-of-bounds] "in dimension 1 the subscript i - 1 reaches 0, below the lower bound 1"
  end do
end subroutine smooth
