! loop_omp_offload: a Jacobi sweep written for OpenMP offload, as GPU
! codes write it: a target data region with map clauses, enter/exit data,
! target teams distribute parallel do simd with collapse, private and a
! max reduction, !$omp loop for the boundary, and target update. The data
! directives and map clauses change nothing (forocl moves the data); the
! compute directives mark the parallel nests.
!$OFP PURE, KERNEL :: offload
subroutine offload(nx, ny, u, f, unew, resid)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), intent(in) :: u(0:nx+1, 0:ny+1), f(nx, ny)
  real(8), intent(out) :: unew(0:nx+1, ny)
  real(8), intent(out) :: resid
  integer :: i, j
  real(8) :: r
  !$omp target data map(to: u, f) map(from: unew) ! WARNING [directive-clause-ignored]
  !$omp target enter data map(alloc: unew) ! WARNING [directive-clause-ignored]
  resid = 0.0d0
  !$omp target teams distribute parallel do simd collapse(2) private(r) &
  !$omp& reduction(max:resid) map(tofrom: resid) ! WARNING [directive-clause-ignored]
  do j = 1, ny
    do i = 1, nx
      r = 0.25d0*(u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1) - f(i, j))
      unew(i, j) = r
      resid = max(resid, abs(r - u(i, j)))
    end do
  end do
  !$omp end target teams distribute parallel do simd
  !$omp target teams loop
  do j = 1, ny
    unew(0, j) = u(1, j)
    unew(nx+1, j) = u(nx, j)
  end do
  !$omp end target teams loop
  !$omp target update from(unew) ! WARNING [directive-clause-ignored]
  !$omp target exit data map(delete: unew) ! WARNING [directive-clause-ignored]
  !$omp end target data
end subroutine offload
