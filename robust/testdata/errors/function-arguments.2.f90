module m
  implicit none
contains
  pure elemental real function f(x)
    real, intent(in) :: x
    f = 2.0*x
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(y=a)  ! ERROR [function-arguments] "function \"f\" has no argument \"y\""
  end subroutine k
end module m
