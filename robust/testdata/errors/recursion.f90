module m
  implicit none
contains
  pure elemental real function f(x) result(r)
    real, intent(in) :: x
    r = 2.0*f(x)  ! ERROR [recursion] "function \"f\" is recursive"
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(a)
  end subroutine k
end module m
