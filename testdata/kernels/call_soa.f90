! A structure of arrays passed whole to a subroutine with locals that
! loops over its components (ParRes pic_soa's finish_distribution): the
! call is inlined per component (Note [structure arguments]), since the
! callee assigns no component whole and so allocates nothing.
module swarm
  implicit none
  type swarm_t
    real(8) :: x(40), v(40), q(40)
    integer :: k(40)
  end type
contains
  subroutine settle(n, s, dt)
    integer, intent(in) :: n
    type(swarm_t), intent(inout) :: s
    real(8), intent(in) :: dt
    integer :: i
    real(8) :: frac
    do i = 1, 40
      frac = s%x(i) - int(s%x(i))
      s%v(i) = frac/dt
      s%q(i) = real(2*mod(s%k(i), 2) - 1, 8)*frac
      s%x(i) = s%x(i) + s%v(i)*dt
      s%k(i) = s%k(i) + 1
    end do
  end subroutine
end module

!$OFP PURE, KERNEL :: settle_all
subroutine settle_all(n, s, dt)
  use swarm
  implicit none
  integer, intent(in) :: n
  type(swarm_t), intent(inout) :: s
  real(8), intent(in) :: dt
  call settle(n, s, dt)
end subroutine
