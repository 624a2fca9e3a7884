subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  halo = [1, 1, 1, 1]
  pb => region_ptr(b(1:2, 1:2), halo)  ! ERROR [region-ptr-target] "first argument of region_ptr must be the name"
  pb = 0.0
end subroutine k
