!$OFP PURE, KERNEL :: histogram
subroutine histogram(n, nbins, bin, h)
  implicit none
  integer, intent(in) :: n, nbins
  integer, intent(in) :: bin(n)
  integer, intent(inout) :: h(nbins)
  integer :: i
  do concurrent (i = 1:n)
    h(bin(i)) = h(bin(i)) + 1  ! WARNING:17 [concurrent-update] "updates are lost (a histogram)"
  end do
end subroutine histogram
