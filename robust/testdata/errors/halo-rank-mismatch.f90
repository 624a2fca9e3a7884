subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  pb => region_ptr(b, [1, 1])  ! ERROR [halo-rank-mismatch] "halo has 2 entries but \"b\" has rank 2"
  pb = 0.0
end subroutine k
