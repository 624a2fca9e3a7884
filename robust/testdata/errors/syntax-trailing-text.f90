subroutine k(s, a, b)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: s
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (s > 0.0) then b = a  ! ERROR [syntax-trailing-text] "unexpected \"b\" after \"then\""
  end if
end subroutine k
