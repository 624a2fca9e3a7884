module m
  implicit none
contains
  real function f(x)
    real, intent(in) :: x
    f = 2.0*x
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(a)  ! ERROR [function-not-pure] "function \"f\" is not pure"
  end subroutine k
end module m
