module m
contains
  subroutine s(a)
    real, intent(in) :: a
