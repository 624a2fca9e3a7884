subroutine k(a, c, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(in)    :: c
  real, dimension(:,:), contiguous, intent(out) :: b
  b = a
end subroutine k
