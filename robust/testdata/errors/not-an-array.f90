subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real :: c
  c = 1.0
  b = a*c(1)  ! ERROR [not-an-array] "\"c\" is not an array"
end subroutine k
