pure elemental subroutine k(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, y)
  implicit none
  real, intent(in)  :: x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12
  real, intent(out) :: y
  ! gfortran rejects the next line; one that only warns would read it as ending in "- 0.5*x"
  y = 0.25*x0 + 0.25*x1 + 0.25*x2 + 0.25*x3 + 0.25*x4 + 0.25*x5 + 0.25*x6 + 0.25*x7 + 0.25*x8 + 0.25*x9 + 0.25*x10 - 0.25*x11 - 0.5*x12  ! WARNING:133 [line-too-long] "code up to column 135; free-form Fortran lines end at column 132"
end subroutine k
