subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:,:,:), contiguous, intent(in)  :: a  ! ERROR [kernel-array-rank] "array \"a\" has rank 4"
  real, dimension(:,:,:,:), contiguous, intent(out) :: b  ! ERROR [kernel-array-rank] "array \"b\" has rank 4"
  b = a
end subroutine k
