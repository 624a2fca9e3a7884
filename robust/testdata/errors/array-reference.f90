subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a(2:)  ! ERROR [array-reference] "array sections such as a(...) are outside"
end subroutine k
