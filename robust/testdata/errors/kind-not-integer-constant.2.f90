subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, parameter :: c = 1.0_x  ! ERROR [kind-not-integer-constant] "kind \"x\" must be an integer constant"
  real, parameter :: x = 4.0
  b = a*c
end subroutine k
