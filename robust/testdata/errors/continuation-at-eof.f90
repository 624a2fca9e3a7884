subroutine k(a, b)  ! ERROR [unit-not-closed] "subroutine \"k\" is never closed"
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a + &  ! ERROR [continuation-at-eof] "statement continues past the end of the file"
