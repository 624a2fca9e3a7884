subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (a(1) > 0.0) then
    b = a
  else b = -a  ! ERROR [syntax-trailing-text] "unexpected \"b\" after \"else\""
  end if
end subroutine k
