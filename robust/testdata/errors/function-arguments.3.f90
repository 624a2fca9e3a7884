module m
  implicit none
contains
  pure elemental real function f(x, y)
    real, intent(in) :: x, y
    f = x*y
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(a, x=a)  ! ERROR [function-arguments] "argument \"y\" of function \"f\" is missing"
  end subroutine k
end module m
