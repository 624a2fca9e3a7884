module m
  implicit none
contains
  pure function f(x)
    real, intent(in) :: x(2)  ! ERROR [function-not-scalar] "dummy \"x\" of function \"f\" must be scalar"
    real :: f
    f = x(1) + x(2)
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = a*f(a)  ! ERROR:11 [function-not-elemental] "is not elemental"
  end subroutine k
end module m
