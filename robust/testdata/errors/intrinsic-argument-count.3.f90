subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: n = mod(7)  ! ERROR [intrinsic-argument-count] "wrong number of arguments to \"mod\""
  b = a
end subroutine k
