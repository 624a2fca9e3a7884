subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, dimension() :: c
  b = a
end subroutine k
