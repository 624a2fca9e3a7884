module m
  implicit none
contains
  subroutine k(a, s)
  !$OFP PURE, KERNEL :: k
    real, dimension(:,:), contiguous, intent(in) :: a
    integer, intent(out) :: s
    integer :: loc(2)
    loc = maxloc(a)
    s = loc(1) + loc(3)  ! ERROR [fixed-array-subscript] "\"loc\" has 2 elements; a reference to it needs one constant subscript from 1 to 2"
  end subroutine
end module
