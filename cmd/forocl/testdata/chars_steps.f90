! A kernel that compares a character before it assigns it: each call
! compares the value the call before left (Note [host characters]).
subroutine flip(n, a, mode)
!$OFP PURE, KERNEL :: flip
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  character(len=4), intent(inout) :: mode
  integer :: i
  if (mode == 'up') then
    do concurrent (i = 1:n)
      a(i) = a(i) + 1
    end do
  end if
  mode = 'down'
end subroutine flip
