subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), intent(in) :: a  ! ERROR [kernel-array-not-contiguous] "array \"a\" is not contiguous"
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
