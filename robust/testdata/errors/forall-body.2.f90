! A FORALL makes a kernel a loop kernel, which takes no region_cpy.
subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:, :), contiguous, intent(in)  :: a
  real, dimension(:, :), contiguous, intent(out) :: b
  integer :: i, j
  b = region_cpy(a, [0, 0, 0, 0])  ! ERROR [array-to-scalar] "cannot assign an array to b"
  forall (i = 1:size(b, 1), j = 1:size(b, 2)) b(i, j) = b(i, j) + 1.0  ! ERROR [forall-body] "is a loop kernel"
end subroutine k
