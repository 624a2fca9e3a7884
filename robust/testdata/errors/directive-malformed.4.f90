subroutine k(a, b)
!$OFP PURE, KERNEL ::
!^ ERROR [directive-malformed] "malformed !$OFP directive: expected a procedure"
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
