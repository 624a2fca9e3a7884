subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  integer, dimension(4) :: h2 = [1, 1]  ! ERROR [halo-size-mismatch] "halo \"h2\" has 4 entries but is initialised with"
  b = a
end subroutine k
