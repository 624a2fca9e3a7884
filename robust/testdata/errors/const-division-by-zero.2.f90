subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: n = mod(7, 0)  ! ERROR [const-division-by-zero] "mod by zero in a constant"
  b = a
end subroutine k
