subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  pb => region_ptr(b, 1)  ! ERROR [halo-not-integer-array] "halo must be an integer array, not integer"
  pb = 0.0
end subroutine k
