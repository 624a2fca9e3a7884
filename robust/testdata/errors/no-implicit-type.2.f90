module m
  implicit none
contains
  pure elemental function f(x)  ! ERROR [no-implicit-type] "function \"f\" has no type (implicit none is in"
    real, intent(in) :: x
    f = 2.0*x
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(a)
  end subroutine k
end module m
