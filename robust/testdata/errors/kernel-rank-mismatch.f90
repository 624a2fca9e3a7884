subroutine k(a, c, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(in)    :: c  ! ERROR [kernel-rank-mismatch] "array \"c\" has rank 1 but \"a\" has rank 2"
  real, dimension(:,:), contiguous, intent(out) :: b
  b = a
end subroutine k
