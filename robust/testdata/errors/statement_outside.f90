module m
contains
  subroutine s(a)
    real, intent(in) :: a
  end subroutine s
  x = 1.0
end module m
