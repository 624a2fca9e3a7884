module m
  implicit none
contains
  pure elemental real function half(x)
    real, intent(in) :: x
    half = 0.5*x
  end function half
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    real, parameter :: c = half  ! ERROR [not-constant] "function \"half\" is not a constant"
    b = a*c
  end subroutine k
end module m
