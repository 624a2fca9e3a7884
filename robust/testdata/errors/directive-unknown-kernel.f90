module m
contains
  pure elemental real function f(x)
  !$OFP PURE, KERNEL :: f
!^ ERROR [directive-unknown-kernel] "directive names \"f\", but no subroutine \"f\" is"
    real, intent(in) :: x
    f = 2.0*x
  end function f
end module m
