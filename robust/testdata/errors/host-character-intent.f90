subroutine k(n, label, a)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n
  character(len=8), intent(in) :: label
  real, intent(inout) :: a(n)
  integer :: i
  label = 'done'  ! ERROR:3 [host-character-intent] "label is intent(in), and this assigns it"
  do concurrent (i = 1:n)
    a(i) = 2 * a(i)
  end do
end subroutine k
