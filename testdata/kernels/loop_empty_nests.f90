! Nests that may have no iterations, as legacy codes meet them on small
! grids: an interior loop over 2..n-1 (empty for n <= 2) and a loop over
! a number of point sources that may be 0. Fortran runs neither then, and
! the outputs keep their values.
!$OFP PURE, KERNEL :: interior_and_sources
subroutine interior_and_sources(n, ns, a, src, b)
  implicit none
  integer, intent(in) :: n, ns
  real, intent(in) :: a(n), src(ns + 1)
  real, intent(inout) :: b(n + ns)
  integer :: i, s
  do concurrent (i = 2:n-1)
    b(i) = 0.5*(a(i-1) + a(i+1))
  end do
  !$omp parallel do
  do s = 1, ns
    b(n + s) = b(n + s) + src(s)
  end do
end subroutine interior_and_sources
