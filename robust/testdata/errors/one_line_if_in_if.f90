subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (a(1) > 0.0) if (a(2) > 0.0) b = a
end subroutine k
