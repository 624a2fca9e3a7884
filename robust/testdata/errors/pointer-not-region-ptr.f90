subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  halo = [1, 1, 1, 1]
  pb => region_cpy(b, halo)  ! ERROR [pointer-not-region-ptr] "pointer \"pb\" can only be associated with"
  pb = 0.0
end subroutine k
