subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a(1)  ! ERROR [array-reference] "array element references such as a(...) are"
end subroutine k
