subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (a > 0.0) b = a  ! ERROR [if-condition-array] "if condition is an array"
end subroutine k
