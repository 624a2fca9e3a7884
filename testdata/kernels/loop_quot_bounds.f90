! Multigrid transfer operators whose coarse grid is declared by halving
! the fine one, v2(-1:n/2+1): the quotient n/2 is a size of its own (Note
! [quotient sizes]), which hosts compute from n (13 gives 6, as Fortran
! truncates). Restriction reads every other fine point; prolongation
! writes them through ii = 2*i, and a loop bound reads (n+1)/2 too.
!$OFP PURE, KERNEL :: restrict_half
subroutine restrict_half(n, v1, v2)
  implicit none
  integer, intent(in) :: n
  real, intent(in)  :: v1(-1:n+1)
  real, intent(out) :: v2(-1:n/2+1)
  integer :: i, ii, m
  m = n/2 - 1
  do i = 0, m + 1
    ii = 2*i
    v2(i) = 0.25*(v1(ii-1) + 2.0*v1(ii) + v1(ii+1))
  end do
end subroutine restrict_half

!$OFP PURE, KERNEL :: prolong_half
subroutine prolong_half(n, v1, v2)
  implicit none
  integer, intent(in) :: n
  real(8), intent(out) :: v1(-1:n+1, 0:(n+1)/2)
  real(8), intent(in)  :: v2(-1:n/2+1, 0:(n+1)/2)
  integer :: i, j, ii
  do j = 0, (n+1)/2  ! WARNING [loop-serial] depend cannot tell 2*i from 2*i+1 apart
    do i = 0, n/2 - 1
      ii = 2*i
      v1(ii, j) = v2(i, j)
      v1(ii+1, j) = 0.5d0*(v2(i, j) + v2(i+1, j))
    end do
  end do
end subroutine prolong_half

! Sections bounded by quotients: the coarse interior and its halo cells.
!$OFP PURE, KERNEL :: inject_half
subroutine inject_half(n, v1, v2)
  implicit none
  integer, intent(in) :: n
  real, intent(in)  :: v1(0:n)
  real, intent(out) :: v2(0:n/2)
  v2(0:n/2) = 0.5*v1(0:n/2) + 0.25
  v2(n/2) = v1(n)
end subroutine inject_half
