! size of an array dummy of a called subroutine with a dimension that is
! not a constant at the call (Note [inquiries of associated dummies] in
! sema/callinquiry.go).
module sums
  implicit none
contains
  pure subroutine colsum(b, d, r)
    real(8), intent(in) :: b(:, :)
    integer, intent(in) :: d
    real(8), intent(out) :: r
    r = size(b, d)  ! ERROR [call-array-argument] "size of array dummy \"b\" takes a constant dimension from 1 to 2 here"
  end subroutine
end module

!$OFP PURE, KERNEL :: call_inquiry_dim
subroutine call_inquiry_dim(n, m, x, y)
  use sums
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: x(m, n)
  real(8), intent(out) :: y(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    call colsum(x(:, 1:i), mod(i, 2) + 1, y(i))
  end do
end subroutine
