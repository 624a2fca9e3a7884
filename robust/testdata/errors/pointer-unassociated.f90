subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  pb = region_cpy(a, [1, 1, 1, 1])  ! ERROR [pointer-unassociated] "pointer \"pb\" is used before it is associated"
end subroutine k
