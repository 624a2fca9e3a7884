subroutine k(a)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(inout) :: a  ! ERROR [kernel-inout] "array \"a\" is intent(inout)"
  a = 2.0*a
end subroutine k
