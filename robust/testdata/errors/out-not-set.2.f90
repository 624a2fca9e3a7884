pure elemental subroutine k(x, y, z)
  implicit none
  real, intent(in)  :: x
  real, intent(out) :: y, z  ! WARNING:27 [out-not-set] "intent(out) dummy \"z\" is never assigned"
  y = 2*x
end subroutine k
