!$OFP PURE, KERNEL :: prefix
subroutine prefix(n, a)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  integer :: i
  do concurrent (i = 2:n)
    a(i) = a(i-1) + 1.0  ! WARNING:12 [concurrent-dependence] "iterations 1 apart along \"i\" touch the same element"
  end do
end subroutine prefix
