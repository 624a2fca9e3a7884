! boundary_dp: the reflective walls of boundary.f90 for the real(8) state
! of wave_dp.f90 (a file of its own, so that the real(4) walls need no fp64).
module boundary_dp
  implicit none
contains

!$OFP PURE, KERNEL :: reflect_dp
subroutine reflect_dp(n1, n2, H, U, V)
  integer, intent(in) :: n1, n2
  real(8), intent(inout) :: H(n1, n2), U(n1, n2), V(n1, n2)
  integer :: i, j

  !$omp parallel do
  do j = 2, n2-1
    H(1, j)  =  H(2, j)
    U(1, j)  = -U(2, j)
    V(1, j)  =  V(2, j)
    H(n1, j) =  H(n1-1, j)
    U(n1, j) = -U(n1-1, j)
    V(n1, j) =  V(n1-1, j)
  end do

  !$omp parallel do
  do i = 1, n1
    H(i, 1)  =  H(i, 2)
    U(i, 1)  =  U(i, 2)
    V(i, 1)  = -V(i, 2)
    H(i, n2) =  H(i, n2-1)
    U(i, n2) =  U(i, n2-1)
    V(i, n2) = -V(i, n2-1)
  end do
end subroutine reflect_dp

end module boundary_dp
