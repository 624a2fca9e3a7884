subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: n = 1/0  ! ERROR [const-division-by-zero] "integer division by zero in a constant"
  b = a
end subroutine k
