subroutine k(dt, a, b)
!$OFP PURE, KERNEL :: k
  implicit none
  real, intent(in) :: dt  ! WARNING [unused-dummy] "dummy \"dt\" is never used"
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = 0.5*a
end subroutine k
