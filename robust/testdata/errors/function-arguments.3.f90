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
    b = f(a, x=a)  ! ERROR [function-arguments] "argument 2 of function \"f\" is associated with a dummy that an earlier argument already is"
  end subroutine k
end module m
