subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k k  ! ERROR [syntax-trailing-text] "unexpected \"k\" after \"end subroutine\""
