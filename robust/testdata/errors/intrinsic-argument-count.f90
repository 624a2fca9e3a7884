subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = sqrt(a, a)  ! ERROR [intrinsic-argument-count] "\"sqrt\" takes 1 argument, not 2"
end subroutine k
