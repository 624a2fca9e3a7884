subroutine k(a, b, mode)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), intent(in) :: a
  real, dimension(:,:), intent(out) :: b
  character(len=*), intent(in) :: mode
  if (mode == 'half') then  ! ERROR:7 [host-character] "this compares characters in a kernel of array statements"
    b = 0.5 * a
  else
    b = 2.0 * a
  end if
end subroutine k
