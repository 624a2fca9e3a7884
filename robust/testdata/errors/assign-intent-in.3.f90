!$OFP PURE, KERNEL :: write_in
subroutine write_in(n, a)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  integer :: i
  do concurrent (i = 1:n)
    a(i) = 0  ! ERROR [assign-intent-in] "cannot assign to intent(in) array \"a\""
  end do
end subroutine write_in
