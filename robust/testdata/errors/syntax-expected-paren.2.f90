subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where a > 0.0 b = a  ! ERROR [syntax-expected-paren] "expected \"(\" after \"where\", found \"a\""
end subroutine k
