module m
  implicit none
contains
  pure elemental subroutine scale(x, y)
    real, intent(in) :: x
    real, intent(out) :: y
    y = x / sum(x)  ! ERROR [reduction-in-elemental] "reduction \"sum\" is not allowed in an elemental subroutine"
  end subroutine
end module
