subroutine k(n, a, b)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n
  real, dimension(n), contiguous, intent(in) :: a  ! ERROR [kernel-array-not-assumed-shape] "array \"a\" must be assumed-shape"
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
