pure elemental subroutine scale(x, y)
  real, intent(in) :: x
  real :: y  ! ERROR [elemental-dummy-no-intent] "dummy \"y\" of elemental subroutine \"scale\" has"
  y = 2.0*x
end subroutine scale
