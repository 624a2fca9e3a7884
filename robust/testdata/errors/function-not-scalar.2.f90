module m
  implicit none
contains
  pure elemental real function f(x)
    real, intent(in) :: x(3)  ! ERROR [function-not-scalar] "dummy \"x\" of function \"f\" must be scalar"
    f = 2.0
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(a)
  end subroutine k
end module m
