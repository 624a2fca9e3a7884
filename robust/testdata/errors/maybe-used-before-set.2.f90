! A private array is followed element by element where subscripts are constants.
!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  real :: w(3)
  integer :: i
  do concurrent (i = 1:n)
    w(1) = a(i)
    w(2) = 2.0*a(i)
    if (a(i) > 0.0) w(3) = a(i)
    b(i) = w(1) + w(2) + w(3)  ! WARNING:26 [maybe-used-before-set] "\"w(3)\" may be used before it is set"
  end do
end subroutine k
