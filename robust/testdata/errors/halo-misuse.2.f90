subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  integer, parameter, dimension(4) :: h = [1, 1, 1, 1]
  b = a*h  ! ERROR [halo-misuse] "integer array constant \"h\" can only be used as"
end subroutine k
