subroutine k(a, b, n)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: n = 4  ! ERROR [dummy-parameter] "dummy argument \"n\" cannot be a named constant"
  b = a
end subroutine k
