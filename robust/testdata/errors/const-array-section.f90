subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: n = abs(1:2)  ! ERROR [const-array-section] "array sections are not supported in constants"
  b = a
end subroutine k
