module m
contains
  subroutine s(a)
    real, intent(in) :: a
  end function s  ! ERROR [end-kind-mismatch] "\"end function\" cannot close subroutine \"s\""
end module m
