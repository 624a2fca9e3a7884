subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  halo = [1, 1, 1, 1]
  b = a + region_cpy(a, halo)  ! ERROR [shape-mismatch] "array shapes do not conform: \"a\" is (n1, n2)"
end subroutine k
