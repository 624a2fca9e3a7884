subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  halo = [1, 1, 1, 1]
  pb => region_ptr(b, halo)
  pb = region_cpy(a, halo) + pb  ! ERROR [read-intent-out] "intent(out) array \"b\" is read through pointer \"pb\""
end subroutine k
