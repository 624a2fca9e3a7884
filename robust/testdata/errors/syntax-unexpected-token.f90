subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a * * 2.0  ! ERROR [syntax-unexpected-token] "unexpected \"*\""
end subroutine k
