subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), pointer, contiguous, intent(in) :: a  ! ERROR [dummy-pointer] "dummy argument \"a\" must not be a pointer or"
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
