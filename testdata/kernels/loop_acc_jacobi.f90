! A 5-point Jacobi sweep under an OpenACC parallel loop; arrays with
! lower bound 0 and a one-cell halo.
!$OFP PURE, KERNEL :: acc_jacobi
subroutine acc_jacobi(nx, ny, u, unew)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), dimension(0:nx+1, 0:ny+1), intent(in) :: u
  real(8), dimension(0:nx+1, 0:ny+1), intent(inout) :: unew
  integer :: i, j
  !$acc parallel loop collapse(2)
  do j = 1, ny
    do i = 1, nx
      unew(i, j) = 0.25d0*(u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
    end do
  end do
end subroutine acc_jacobi
