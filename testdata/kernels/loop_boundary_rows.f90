! Reflective boundary conditions in place, as the shallow-water example's
! fortran/boundary.f90 does them: constant and uniform subscripts (rows 1,
! n and column kk), each parallel index owning a dimension of every write.
!$OFP PURE, KERNEL :: reflect
subroutine reflect(n, m, kk, h, u, v)
  implicit none
  integer, intent(in) :: n, m, kk
  real, intent(inout) :: h(n, m), u(n, m)
  real, intent(inout) :: v(n, m)
  integer :: j, k
  !$omp parallel do
  do k = 1, m
    h(1, k) = h(2, k)
    h(n, k) = h(n-1, k)
    u(1, k) = -u(2, k)
    u(n, k) = -u(n-1, k)
  end do
  !$acc parallel loop
  do j = 1, n
    v(j, kk) = 0.5*(v(j, 1) + v(j, m))
  end do
end subroutine reflect
