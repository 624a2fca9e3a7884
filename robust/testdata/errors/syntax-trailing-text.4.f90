subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end 42  ! ERROR [syntax-trailing-text] "unexpected \"42\" after \"end\""
