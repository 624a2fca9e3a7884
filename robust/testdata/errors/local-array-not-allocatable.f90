subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, dimension(:) :: t  ! ERROR [local-array-not-allocatable] "local array \"t\" must be allocatable"
  b = a
end subroutine k
