subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = abs(2:3)  ! ERROR [array-reference] "array sections are outside forocl's subset"
end subroutine k
