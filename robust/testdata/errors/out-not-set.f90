pure elemental subroutine k(x, y)
  implicit none
  real, intent(in)  :: x
  real, intent(out) :: y  ! WARNING [out-not-set] "intent(out) dummy \"y\" is not assigned on every path"
  if (x < 0.0) return
  y = sqrt(x)
end subroutine k
