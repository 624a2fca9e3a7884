subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  implicit real(a-z)  ! ERROR [implicit-rule] "implicit typing rules other than \"implicit"
  b = a
end subroutine k
