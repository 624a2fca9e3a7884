module m
  implicit none
  subroutine s(a)
    real, intent(in) :: a
  end subroutine s
end module m
