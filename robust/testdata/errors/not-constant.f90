subroutine k(s, a, b)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: s
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, parameter :: c = 2.0*s  ! ERROR [not-constant] "\"s\" is not a constant"
  b = a*c
end subroutine k
