module m
contains
  !$OFP PURE, KERNEL :: scal
!^ ERROR [directive-unknown-kernel] "directive names \"scal\", but no subroutine or function \"scal\""
  pure subroutine scale(n, x, y)
    integer, intent(in) :: n
    real, intent(in) :: x(n)
    real, intent(out) :: y(n)
    y = 2.0*x
  end subroutine scale
end module m
