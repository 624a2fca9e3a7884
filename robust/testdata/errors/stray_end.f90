end subroutine k
