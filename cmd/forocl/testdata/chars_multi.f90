! Two character dummies in one declaration, and one with no intent
! (intent(inout) then), as host values (Note [host characters]).
subroutine k3(n, a, b, first, second, third)
!$OFP PURE, KERNEL :: k3
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  character(len=*), intent(in) :: first, second
  character(len=5) :: third
  integer :: i
  third = first // second
  do concurrent (i = 1:n)
    b(i) = a(i) + 1
  end do
end subroutine k3
