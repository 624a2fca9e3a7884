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
    b = f(a, a)  ! ERROR [function-arguments] "function \"f\" takes 1 argument but 2 were given"
  end subroutine k
end module m
