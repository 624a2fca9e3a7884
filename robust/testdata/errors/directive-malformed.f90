subroutine k(a, b)
!$OFP
!^ ERROR [directive-malformed] "malformed !$OFP directive: no attributes"
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
