subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (a(1) > 0.0)  ! ERROR [syntax-if-without-then] "expected \"then\" or a statement after \"if (...)\""
  b = a
end subroutine k
