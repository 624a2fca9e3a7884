subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out) :: b
  real, dimension(:,:), pointer :: pb
  pb => region_ptr(b, [1, 1, 1, 1])  ! ERROR [region-ptr-no-target] "region_ptr target \"b\" does not have the target"
  pb = region_cpy(a, [1, 1, 1, 1])
end subroutine k
