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
    b = f(a > 0.0)  ! ERROR [function-argument-type] "argument 1 of \"f\" is logical, expected real(4)"
  end subroutine k
end module m
