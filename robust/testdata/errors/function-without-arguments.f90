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
    b = a*f  ! ERROR [function-without-arguments] "function \"f\" is used without an argument list"
  end subroutine k
end module m
