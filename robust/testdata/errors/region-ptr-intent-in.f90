subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  pb => region_ptr(a, [1, 1, 1, 1])  ! ERROR [region-ptr-intent-in] "region_ptr target \"a\" is intent(in)"
  b = a
end subroutine k
