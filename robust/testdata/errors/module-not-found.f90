subroutine k(a, b)
use physics  ! WARNING [module-not-found] "module \"physics\" not found"
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
