subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
