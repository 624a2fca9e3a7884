! 1-D coordinate arrays beside 2-D fields in array syntax: a coordinate
! vector into one column, a column back into a vector, every other cell
! of a fine vector from a coarse one, and a reversed copy.
!$OFP PURE, KERNEL :: columns
subroutine columns(n, m, k, x, field, profile, fine, back)
  implicit none
  integer, intent(in) :: n, m, k
  real, intent(in) :: x(n)
  real :: field(n, m)
  real, intent(out) :: profile(m), fine(2*n), back(n)
  field(:, k) = 2.0*x(:) + 1.0
  profile = field(1, :) + field(n, :)
  fine(1:2*n-1:2) = x
  fine(2:2*n:2) = 0.5*(x(1:n) + field(1:n, 1))
  back(n:1:-1) = x(1:n)
end subroutine columns
