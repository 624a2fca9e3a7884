subroutine k(s, a, b)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: s
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (s) b = a  ! ERROR [condition-not-logical] "if condition is real(4), expected logical"
end subroutine k
