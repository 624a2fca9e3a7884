subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  use forocl_regions
  real, dimension(:), contiguous, intent(inout) :: a  ! ERROR [kernel-inout] "array \"a\" is intent(inout)"
  real, dimension(:), contiguous, intent(out), target :: b
  real, pointer, dimension(:) :: pb
  ! A halo computed by an expression keeps the region dialect's rules
  ! (Note [region dialect updates in place]).
  pb => region_ptr(b, [1, 1])
  pb = 0.5*(region_cpy(a, 2*[0, 1]) + region_cpy(a, [2, 0]))
end subroutine k
