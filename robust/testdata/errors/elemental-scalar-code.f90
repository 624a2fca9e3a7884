module m
  implicit none
contains
  pure elemental real function f(x)
    real, intent(in) :: x
    f = region_cpy(x, [1, 1])  ! ERROR [elemental-scalar-code] "region_cpy is not allowed in an elemental function"
  end function f
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = f(a)
  end subroutine k
end module m
