subroutine k(a, b)
!$OFP PURE, KERNEL :: k(a)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
