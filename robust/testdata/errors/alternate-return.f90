subroutine s(a, *)  ! ERROR [alternate-return] "alternate returns are not supported"
  real, intent(in) :: a
end subroutine s
