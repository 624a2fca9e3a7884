subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  b = region_ptr(b, [1, 1, 1, 1])  ! ERROR [region-ptr-in-expression] "region_ptr may only be used in a pointer"
end subroutine k
