module m
  implicit none
  real :: x
  x = 1.0  ! ERROR [exec-in-module-spec] "executable statement in the specification part"
end module m
