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
    f = 1.0  ! ERROR [assign-to-function] "cannot assign to function \"f\""
    b = a
  end subroutine k
end module m
