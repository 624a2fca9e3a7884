! Loop bounds from the arrays themselves, as codes with assumed-shape
! dummies write them: size(x), size(u, 1), lbound and ubound. Each is the
! affine form of the array's bounds (an assumed-shape extent is a size of
! the kernel, x_n1).
module inquiry
  implicit none
contains

!$OFP PURE, KERNEL :: axpy_inq
subroutine axpy_inq(alpha, x, y)
  real(8), intent(in) :: alpha
  real(8), intent(in) :: x(:)
  real(8), intent(inout) :: y(:)
  integer :: i
  do i = 1, size(x)
    y(i) = y(i) + alpha*x(i)
  end do
end subroutine axpy_inq

!$OFP PURE, KERNEL :: interior2d
subroutine interior2d(u, v)
  real, intent(in) :: u(:,:)
  real, intent(out) :: v(:,:)
  integer :: i, j
  do j = lbound(u, 2) + 1, ubound(u, 2) - 1
    do i = 2, size(u, dim=1) - 1
      v(i, j) = 0.25*(u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
    end do
  end do
end subroutine interior2d

end module inquiry
