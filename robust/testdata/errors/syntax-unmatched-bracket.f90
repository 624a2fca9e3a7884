subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a + 1.0)  ! ERROR [syntax-unmatched-bracket] "unexpected \")\" without a matching opening"
end subroutine k
