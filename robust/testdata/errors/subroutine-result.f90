real subroutine s(a)  ! ERROR [subroutine-result] "a subroutine cannot have a type"
  real, intent(in) :: a
end subroutine s
