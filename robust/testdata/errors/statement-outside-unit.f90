module m
contains
  subroutine s(a)
    real, intent(in) :: a
  end subroutine s
  x = 1.0  ! ERROR [statement-outside-unit] "statement outside any subroutine or function"
end module m
