subroutine k(a, b)
!$OFP PURE, KERNEL
!^ ERROR [directive-malformed] "malformed !$OFP directive: missing \":: name\""
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
