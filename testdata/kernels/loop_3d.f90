! A 3-D DO CONCURRENT over a 7-point stencil, in a module.
module loop_3d_mod
  implicit none
  real(8), parameter :: sixth = 1.0d0/6.0d0
contains
  !$OFP PURE, KERNEL :: smooth3
  subroutine smooth3(nx, ny, nz, a, b)
    integer, intent(in) :: nx, ny, nz
    real(8), intent(in) :: a(0:nx+1, 0:ny+1, 0:nz+1)
    real(8), intent(out) :: b(nx, ny, nz)
    integer :: i, j, k
    do concurrent (k = 1:nz, j = 1:ny, i = 1:nx)
      b(i, j, k) = sixth*(a(i-1, j, k) + a(i+1, j, k) + a(i, j-1, k) &
        + a(i, j+1, k) + a(i, j, k-1) + a(i, j, k+1))
    end do
  end subroutine smooth3
end module loop_3d_mod
