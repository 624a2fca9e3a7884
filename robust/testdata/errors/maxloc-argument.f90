module m
  implicit none
contains
  subroutine k(a, loc, i)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in) :: a
    integer, intent(out) :: loc(1), i
    loc = maxloc(a, back=.true.)  ! ERROR [maxloc-argument] "maxloc with back= is not supported by forocl"
    i = minloc(a, 1, a > 0.0, 4)  ! ERROR [maxloc-argument] "minloc with kind= is not supported by forocl"
  end subroutine
end module
