subroutine k(n, label, a, b)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n
  character(len=*), intent(in) :: label
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(i)
    if (label == 'x') b(i) = 0  ! ERROR:9 [host-character] "character label is used here" ERROR:18 [unsupported-character] "character strings are not supported"
  end do
end subroutine k
