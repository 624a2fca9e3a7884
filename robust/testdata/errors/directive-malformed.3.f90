subroutine k(a, b)
!$OFP PURE KERNEL :: k
!^ ERROR [directive-malformed] "malformed !$OFP directive: expected \",\" or \"::\""
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
