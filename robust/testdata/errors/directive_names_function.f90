module m
contains
  pure elemental real function f(x)
  !$OFP PURE, KERNEL :: f
    real, intent(in) :: x
    f = 2.0*x
  end function f
end module m
