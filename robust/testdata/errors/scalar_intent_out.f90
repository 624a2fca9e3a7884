subroutine k(a, b, total)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, intent(out) :: total
  b = a
end subroutine k
