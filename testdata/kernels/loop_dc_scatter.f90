! A scatter through a permutation in DO CONCURRENT: each element of src
! goes to the place perm names (DO CONCURRENT promises that no two
! iterations write one element, which holds as perm is a permutation),
! scaled by a weight table indexed by the element's class; a gather
! through the same permutation then undoes it.
! test input: perm is a permutation of 1:n
! test input: cls values in 0:3
!$OFP PURE, KERNEL :: permute
subroutine permute(n, perm, cls, src, dst, back)
  implicit none
  integer, intent(in) :: n
  integer, intent(in) :: perm(n), cls(n)
  real, intent(in) :: src(n)
  real, intent(out) :: dst(n), back(n)
  real, parameter :: scale(0:3) = [1.0, 0.5, 0.25, 0.125]
  integer :: i
  do concurrent (i = 1:n)
    dst(perm(i)) = scale(cls(i))*src(i)
  end do
  do concurrent (i = 1:n)
    back(i) = dst(perm(i))/scale(cls(i))
  end do
end subroutine permute

! The four corner values of each cell, stored counter-clockwise from the
! lower left, reordered into row order under OpenMP: the destination row
! comes from a named constant permutation, which forocl proves one-to-one,
! so both loops run in parallel.
!$OFP PURE, KERNEL :: corners_to_rows
subroutine corners_to_rows(ncell, ccw, rows)
  implicit none
  integer, intent(in) :: ncell
  real(kind=8), intent(in) :: ccw(4, ncell)
  real(kind=8), intent(out) :: rows(4, ncell)
  integer, parameter :: to_row(4) = (/ 1, 2, 4, 3 /)
  integer :: c, corner
  !$omp parallel do collapse(2)
  do c = 1, ncell
    do corner = 1, 4
      rows(to_row(corner), c) = ccw(corner, c)
    end do
  end do
  !$omp end parallel do
end subroutine corners_to_rows
