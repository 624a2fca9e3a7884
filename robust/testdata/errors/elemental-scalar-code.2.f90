module m
  implicit none
contains
  pure elemental real function f(x)
    real, intent(in) :: x
    real :: w(3)  ! ERROR [elemental-scalar-code] "local array \"w\" is not allowed in an elemental function"
    f = 2.0*x
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(a)
  end subroutine k
end module m
