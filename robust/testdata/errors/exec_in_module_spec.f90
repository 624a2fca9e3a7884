module m
  implicit none
  real :: x
  x = 1.0
end module m
