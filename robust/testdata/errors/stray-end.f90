end subroutine k  ! ERROR [stray-end] "unexpected \"end subroutine\": no subroutine is"
