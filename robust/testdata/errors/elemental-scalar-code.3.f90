module m
  implicit none
contains
  pure elemental real function f(x)
    real, intent(in) :: x
    where (x > 0.0) f = x  ! ERROR [elemental-scalar-code] "where is not allowed in an elemental function"
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(a)
  end subroutine k
end module m
