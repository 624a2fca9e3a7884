! Plain copies in loop form: the bandwidth reference for the loop kernels.
!$OFP PURE, KERNEL :: copy4
subroutine copy4(n, m, a, b)
  implicit none
  integer, intent(in) :: n, m
  real, dimension(n, m), intent(in) :: a
  real, dimension(n, m), intent(out) :: b
  integer :: i, j
  !$omp parallel do collapse(2)
  do j = 1, m
    do i = 1, n
      b(i, j) = a(i, j)
    end do
  end do
end subroutine copy4
!$OFP PURE, KERNEL :: copy8
subroutine copy8(nx, ny, u, unew)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), dimension(0:nx+1, 0:ny+1), intent(in) :: u
  real(8), dimension(0:nx+1, 0:ny+1), intent(out) :: unew
  integer :: i, j
  !$omp parallel do collapse(2)
  do j = 1, ny
    do i = 1, nx
      unew(i, j) = u(i, j)
    end do
  end do
end subroutine copy8
