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
