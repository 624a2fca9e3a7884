subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  real :: c
  c => region_ptr(b, [1, 1, 1, 1])  ! ERROR [not-a-pointer] "\"c\" is not a pointer"
  b = a
end subroutine k
