module m
contains
  subroutine s(a)
    real, intent(in) :: a
  end function s
end module m
