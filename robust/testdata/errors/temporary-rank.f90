subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  real, dimension(:), allocatable :: t  ! ERROR [temporary-rank] "temporary \"t\" has rank 1 but the kernel's"
  b = a
end subroutine k
