subroutine k(n, mode, a)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n
  character(len=8), intent(inout) :: mode
  real, intent(inout) :: a(n)
  integer :: i
  mode = 'double'
  if (mode == 'double') then  ! ERROR:7 [host-character] "this compares mode after the kernel assigns it"
    do concurrent (i = 1:n)
      a(i) = 2 * a(i)
    end do
  end if
end subroutine k
