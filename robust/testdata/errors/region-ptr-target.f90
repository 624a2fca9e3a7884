subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  real, dimension(:,:), allocatable :: t
  t = a
  pb => region_ptr(t, [1, 1, 1, 1])  ! ERROR [region-ptr-target] "region_ptr target \"t\" must be an intent(out)"
  b = a
end subroutine k
