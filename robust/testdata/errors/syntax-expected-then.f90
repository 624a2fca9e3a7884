subroutine k(s, a, b)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: s
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (s > 0.0) then
    b = a
  else if (s < 0.0)  ! ERROR [syntax-expected-then] "expected \"then\""
    b = -a
  end if
end subroutine k
