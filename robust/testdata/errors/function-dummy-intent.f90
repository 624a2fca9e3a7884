module m
  implicit none
contains
  pure elemental real function f(x, y)
    real, intent(in) :: x
    real, intent(out) :: y  ! ERROR [function-dummy-intent] "dummy \"y\" of function \"f\" must be intent(in)"
    y = x
    f = 2.0*x
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(a, a)
  end subroutine k
end module m
