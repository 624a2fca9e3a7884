subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  b = region_cpy(a)  ! ERROR [region-arguments] "region_cpy takes 2 arguments (an array and a"
end subroutine k
