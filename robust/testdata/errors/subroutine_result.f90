subroutine s(a) result(r)
  real, intent(in) :: a
end subroutine s
