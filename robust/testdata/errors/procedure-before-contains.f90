module m
  implicit none
  subroutine s(a)  ! ERROR [procedure-before-contains] "subroutine \"s\" must follow \"contains\""
    real, intent(in) :: a
  end subroutine s
end module m
