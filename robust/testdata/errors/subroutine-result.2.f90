subroutine s(a) result(r)  ! ERROR [subroutine-result] "a subroutine cannot have a \"result\""
  real, intent(in) :: a
end subroutine s
