subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, parameter :: c = 1.0
  c = 2.0  ! ERROR [assign-to-parameter] "cannot assign to named constant \"c\""
  b = a
end subroutine k
