module m  ! ERROR [unit-not-closed] "module \"m\" is never closed"
contains
  subroutine s(a)  ! ERROR [unit-not-closed] "subroutine \"s\" is never closed"
    real, intent(in) :: a
