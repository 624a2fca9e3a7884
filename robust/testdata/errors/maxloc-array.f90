module m
  implicit none
contains
  subroutine k(a, i, s, loc)
  !$OFP PURE, KERNEL :: k
    real, dimension(:,:), contiguous, intent(in) :: a
    integer, intent(out) :: i
    real, intent(out) :: s
    integer, intent(out) :: loc(3)
    i = maxloc(a)  ! ERROR [maxloc-array] "maxloc without dim= gives an array of 2 positions; \"i\" is not an integer array of 2 elements"
    s = sum(a) + minloc(a)  ! ERROR [maxloc-array] "minloc without dim= gives an array of 2 positions, which forocl cannot use in an expression"
    loc = minloc(a)  ! ERROR [maxloc-array] "minloc of a rank-2 array gives 2 positions but \"loc\" has 3 elements"
  end subroutine
end module
