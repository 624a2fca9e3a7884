subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  pb => region_ptr(b)  ! ERROR [region-arguments] "region_ptr takes 2 arguments (an array and a"
  pb = 0.0
end subroutine k
