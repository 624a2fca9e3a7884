subroutine k(a)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(inout) :: a
  a = 2.0*a
end subroutine k
