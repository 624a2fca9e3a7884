!$OFP PURE, KERNEL :: interior
subroutine interior(u, v)
  real, intent(in) :: u(:,:)
  real, intent(out) :: v(:,:)
  integer :: i, j
  do j = 2, size(u) - 1  ! ERROR [loop-bound] "size of rank-2 array \"u\" needs a dimension, such as size(u, 1)"
    do i = 2, 5
      v(i, j) = u(i, j)
    end do
  end do
  do j = 2, ubound(u, 3)  ! ERROR [loop-bound] "the dimension of ubound(u, ...) must be a constant from 1 to 2"
    do i = 2, 5
      v(i, j) = u(i, j)
    end do
  end do
end subroutine interior
