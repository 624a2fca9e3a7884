real integer function f(x)
  real, intent(in) :: x
  f = x
end function f
