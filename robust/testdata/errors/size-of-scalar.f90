subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: n = size(4)  ! ERROR [size-of-scalar] "argument of size must be an array"
  b = a
end subroutine k
