subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  integer, dimension(4) :: h2 = [1, 1]
  b = a
end subroutine k
