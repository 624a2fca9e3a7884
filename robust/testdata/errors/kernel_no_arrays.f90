subroutine k(x, y)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: x, y
end subroutine k
