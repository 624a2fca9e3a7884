! Jacobi iterations inside the kernel: a sequential DO around two nests
! that ping-pong between u and v. The host repeats the two launches niter
! times; niter is a dummy, so it can be 0 (u keeps its values). On wide
! grids a second loop over the same variable, under an IF, smooths u
! against v twice more, weighted by the trip.
!$OFP PURE, KERNEL :: jacobi_iters
subroutine jacobi_iters(nx, ny, niter, u, v)
  implicit none
  integer, intent(in) :: nx, ny, niter
  real(8) :: u(0:nx+1, 0:ny+1), v(0:nx+1, 0:ny+1)
  integer :: i, j, it
  do it = 1, niter
    !$omp parallel do private(i)
    do j = 1, ny
      do i = 1, nx
        v(i,j) = 0.25d0*(u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1))
      end do
    end do
    !$omp parallel do private(i)
    do j = 1, ny
      do i = 1, nx
        u(i,j) = 0.25d0*(v(i-1,j) + v(i+1,j) + v(i,j-1) + v(i,j+1))
      end do
    end do
  end do
  if (nx > 40) then
    do it = 1, 2
      do concurrent (j = 1:ny, i = 1:nx)
        u(i,j) = (u(i,j) + it*v(i,j))/(1 + it)
      end do
    end do
  end if
end subroutine jacobi_iters
