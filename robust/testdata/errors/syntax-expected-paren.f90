subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where  ! ERROR [syntax-expected-paren] "expected \"(\" after \"where\""
  b = a
end subroutine k
