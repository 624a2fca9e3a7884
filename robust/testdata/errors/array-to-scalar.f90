subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real :: c
  c = a  ! ERROR [array-to-scalar] "cannot assign an array to scalar \"c\""
  b = a*c
end subroutine k
