! DO CONCURRENT with a private scalar over 1-D explicit-shape arrays.
!$OFP PURE, KERNEL :: dc_axpy
subroutine dc_axpy(n, a, x, y)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a
  real, dimension(n), intent(in) :: x
  real, dimension(n), intent(inout) :: y
  integer :: i
  real :: t
  do concurrent (i = 1:n)
    t = a*x(i)
    y(i) = t + y(i)
  end do
end subroutine dc_axpy
