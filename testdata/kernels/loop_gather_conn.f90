! An unstructured gather over a connectivity table: each triangle averages
! the values at its three nodes, read through the integer table conn
! (an index array), and weights them by a node-based factor; a second
! nest scales each node value by the factor of a neighbour node, named
! by another index array.
! test input: conn values in 1:nnode
! test input: nbr values in 1:nnode
! test input: lay values in 1:nlay
!$OFP PURE, KERNEL :: tri_average
subroutine tri_average(nnode, ntri, conn, nbr, nodeval, factor, trival, nodeout)
  implicit none
  integer :: nnode, ntri
  integer :: conn(3, ntri)
  integer :: nbr(nnode)
  real(kind=8) :: nodeval(nnode), factor(nnode)
  real(kind=8) :: trival(ntri), nodeout(nnode)
  integer :: t, c, nd
  real(kind=8) :: s
  !$omp parallel do private(c, nd, s)
  do t = 1, ntri
    s = 0.0_8
    do c = 1, 3
      nd = conn(c, t)
      s = s + nodeval(nd)*factor(conn(c, t))
    end do
    trival(t) = s/3.0_8
  end do
  !$omp end parallel do
  !$omp parallel do
  do nd = 1, nnode
    nodeout(nd) = nodeval(nd)*factor(nbr(nd))
  end do
  !$omp end parallel do
end subroutine tri_average

! A transposed gather from a stack of planes: row i of the result takes
! its values from plane lay(i). The read is strided along i, as in a
! transpose, but which plane it reads is known only at run time, so it
! is read directly rather than staged through a __local tile.
!$OFP PURE, KERNEL :: pick_layer
subroutine pick_layer(nx, ny, nlay, lay, stack, plane)
  implicit none
  integer :: nx, ny, nlay
  integer :: lay(nx)
  real(kind=8) :: stack(ny, nx, nlay)
  real(kind=8) :: plane(nx, ny)
  integer :: i, j
  !$omp parallel do collapse(2)
  do j = 1, ny
    do i = 1, nx
      plane(i, j) = stack(j, i, lay(i))
    end do
  end do
  !$omp end parallel do
end subroutine pick_layer
