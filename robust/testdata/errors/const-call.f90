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
    real, parameter :: c = half(1.0)  ! ERROR [const-call] "function \"half\" cannot be used in a constant"
    b = a*c
  end subroutine k
end module m
