module m
  implicit none
contains
  pure function f(x)
    real, intent(in) :: x
    real :: f(2)  ! ERROR [function-not-scalar] "the result of function \"f\" must be scalar"
    f = x
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = a*f(1.0)
  end subroutine k
end module m
