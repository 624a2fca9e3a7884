subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: n = min(4)  ! ERROR [intrinsic-argument-count] "\"min\" needs at least two arguments"
  b = a
end subroutine k
