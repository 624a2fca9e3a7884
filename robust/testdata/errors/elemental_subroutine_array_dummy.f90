pure elemental subroutine scale(x, y)
  real, intent(in) :: x(3)
  real, intent(out) :: y
  y = 2.0
end subroutine scale
