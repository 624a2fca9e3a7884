module m
  implicit none
contains
  pure function f(x)
    real, intent(in) :: x
    real :: f(2)
    f = x
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = a*f(1.0)  ! ERROR:11 [array-function-position] "\"f\" is an array-valued function"
  end subroutine k
end module m
