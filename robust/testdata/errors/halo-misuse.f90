subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  halo = [1, 1, 1, 1]
  b = a + halo  ! ERROR [halo-misuse] "halo \"halo\" can only be used as the halo"
end subroutine k
