module m
contains
  pure subroutine halve(x)
    real, intent(inout) :: x
    if (x < 0.0) return
    x = 0.5*x
  end subroutine
end module

!$OFP PURE, KERNEL :: k
pure elemental subroutine k(a, b)
  use m
  real, intent(in) :: a
  real, intent(out) :: b
  b = a
  call halve(b)  ! ERROR [call-return] "subroutine \"halve\" has a RETURN statement"
end subroutine
