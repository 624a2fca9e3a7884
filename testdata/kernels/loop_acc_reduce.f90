! OpenACC reductions over a 1-d nest with a lower bound of 0: the largest
! wave speed (max into an intent(out) result), a product, and whether
! any cell is dry (.or. on a logical), returned as results.
!$OFP PURE, KERNEL :: acc_speeds
subroutine acc_speeds(nx, g, h, u, cmax, growth, anydry)
  implicit none
  integer, intent(in) :: nx
  real(8), intent(in) :: g
  real(8), intent(in) :: h(0:nx), u(0:nx)
  real(8), intent(out) :: cmax, growth
  logical, intent(out) :: anydry
  integer :: i
  cmax = 0.0d0
  growth = 2.0d0
  anydry = .false.
  !$acc parallel loop reduction(max:cmax) reduction(*:growth) reduction(.or.:anydry)
  do i = 0, nx
    cmax = max(cmax, sqrt(g*h(i)) + abs(u(i)/h(i)))
    growth = growth*(1.0d0 + 0.001d0*u(i))
    anydry = anydry .or. h(i) < 0.2d0
  end do
end subroutine acc_speeds
