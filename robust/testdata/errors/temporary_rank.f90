subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  real, dimension(:), allocatable :: t
  b = a
end subroutine k
