module m
contains
  !$OFP PURE, KERNEL :: f
!^ ERROR:25 [directive-unknown-kernel] "directive names \"f\", but no subroutine \"f\" is defined"
  pure elemental real function f(x)
    real, intent(in) :: x
    f = x
  end function f
end module m
