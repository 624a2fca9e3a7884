! A 1-D stencil with a weight table dummy and a sequential radius loop.
!$OFP PURE, KERNEL :: weighted
subroutine weighted(n, r, w, a, b)
  implicit none
  integer, intent(in) :: n, r
  real(8), intent(in) :: w(-r:r)
  real(8), intent(in) :: a(1-r:n+r)
  real(8), intent(out) :: b(n)
  integer :: i, m
  real(8) :: s
  do concurrent (i = 1:n)
    s = 0
    do m = -r, r
      s = s + w(m)*a(i+m)
    end do
    b(i) = s
  end do
end subroutine weighted
