! A local pointer to a section stands for the section (Note [section
! pointers]) only while nothing its bounds read changes: here m does, so
! the kernel keeps the region dialect's rules for pointers.
!$OFP PURE, KERNEL :: k
subroutine k(a, b)
  real, target, dimension(:), intent(in) :: a
  real, target, dimension(:), intent(out) :: b
  real, pointer :: p(:)
  integer :: m
  m = 7
  p => a(1:m)  ! ERROR [pointer-not-region-ptr] "pointer \"p\" can only be associated with region_ptr"
  m = 2
  b(1:m) = p  ! ERROR [array-reference] "array sections such as b(...) are outside"
end subroutine k
