pure elemental subroutine scale(x, y)
  real, intent(in) :: x(3)  ! ERROR [elemental-dummy-not-scalar] "dummy \"x\" of elemental subroutine \"scale\" must"
  real, intent(out) :: y
  y = 2.0
end subroutine scale
