subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  pb = region_ptr(b, [1, 1, 1, 1])  ! WARNING [region-ptr-assignment] "\"pb\" = region_ptr(...) assigns through the"
  pb = region_cpy(a, [1, 1, 1, 1])
end subroutine k
