! Strided sections whose extent depends on the parity of n, as red-black
! and every-other-point updates write them: at the top level a launch
! over lo..hi whose work-items off the stride do nothing, inside an
! OpenMP nest a DO loop with that step.
!$OFP PURE, KERNEL :: red_black
subroutine red_black(n, m, w, a, b)
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: w
  real :: a(n, m), b(0:n+1, m)
  integer :: k
  a(1:n:2, :) = (1.0 - w)*a(1:n:2, :) + w*b(2:n+1:2, :)
  a(2:n:2, 1) = 0.0
  !$omp parallel do
  do k = 2, m
    a(2:n:2, k) = a(2:n:2, k) + 0.5*(b(1:n-1:2, k) + b(3:n+1:2, k))
  end do
end subroutine red_black
