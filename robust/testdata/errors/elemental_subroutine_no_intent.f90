pure elemental subroutine scale(x, y)
  real, intent(in) :: x
  real :: y
  y = 2.0*x
end subroutine scale
