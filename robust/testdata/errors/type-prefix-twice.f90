real integer function f(x)  ! ERROR [type-prefix-twice] "more than one type prefix"
  real, intent(in) :: x
  f = x
end function f
