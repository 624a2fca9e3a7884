module m
  implicit none
contains
  impure elemental real function f(x)
    real, intent(in) :: x
    f = 2.0*x
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(a)  ! ERROR [function-not-pure] "function \"f\" is impure"
  end subroutine k
end module m
