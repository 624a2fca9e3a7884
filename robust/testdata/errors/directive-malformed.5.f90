subroutine k(a, b)
!$OFP PURE, KERNEL :: k(a)
!^ ERROR [directive-malformed] "malformed !$OFP directive: unexpected \"(\""
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
