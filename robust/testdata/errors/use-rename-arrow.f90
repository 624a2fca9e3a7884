module consts
  implicit none
  real, parameter :: g = 9.81
end module consts

subroutine k(a, b)
  use consts, g  ! ERROR [use-rename-arrow] "expected \"=>\" after \"g\""
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = g*a
end subroutine k
