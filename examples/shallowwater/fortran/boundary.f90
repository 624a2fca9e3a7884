! boundary: the reflective (solid wall) boundary conditions of the
! shallow-water example, a loop kernel that forocl compiles. Same rule and
! order as subroutine reflect in serial.f90: the left and right ghost columns mirror the interior, U
! negated; then the bottom and top ghost rows, corners included, mirror
! the interior, V negated. Each parallel index owns the row or column it
! writes, so the updates in place are independent; the two nests are two
! launches, so the corners see the walls written by the first.
module boundary
  implicit none
contains

!$OFP PURE, KERNEL :: reflect
subroutine reflect(n1, n2, H, U, V)
  integer, intent(in) :: n1, n2
  real, intent(inout) :: H(n1, n2), U(n1, n2), V(n1, n2)
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
end subroutine reflect

end module boundary
