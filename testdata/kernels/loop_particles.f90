! Derived types in a loop kernel (ParRes pic style; Note [derived-type
! dummies] in sema/types.go): an array of structures of real(8) and
! integer(8) scalars becomes one array per component (p%x, p%vx, ...), a
! scalar intent(in) structure its scalars by value and its fixed-size
! array component an array of its own (g%w). forocl run binds them by
! those names; the oracle assigns them into the structures it passes.
module loop_particles_types
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: particle_t
    real(dp) :: x, y
    real(dp) :: vx, vy
    real(dp) :: q
    integer(8) :: k
  end type particle_t
  type grid_t
    real(dp) :: dt
    integer :: ncells
    real(dp) :: w(3)
  end type grid_t
end module loop_particles_types

module loop_particles_mod
  use loop_particles_types
  implicit none
contains
  !$OFP PURE, KERNEL :: push
  subroutine push(n, p, g, e)
    integer, intent(in) :: n
    type(particle_t), intent(inout) :: p(n)
    type(grid_t), intent(in) :: g
    real(dp), intent(out) :: e(n)
    integer :: i
    real(dp) :: fx
    do concurrent (i = 1:n)
      fx = p(i)%q*(g%w(1) + g%w(2)*p(i)%x + g%w(3)*p(i)%y)
      p(i)%vx = p(i)%vx + fx*g%dt
      p(i)%vy = p(i)%vy - fx*g%dt
      p(i)%x = p(i)%x + p(i)%vx*g%dt
      p(i)%y = p(i)%y + p(i)%vy*g%dt
      p(i)%k = p(i)%k + int(4*p(i)%x, 8) + g%ncells
      e(i) = 0.5_dp*(p(i)%vx**2 + p(i)%vy**2)
    end do
  end subroutine push

  ! A serial loop over the structures (ParRes init_particles): each
  ! particle starts where the one before it ended.
  !$OFP PURE, KERNEL :: chain
  subroutine chain(n, p)
    integer, intent(in) :: n
    type(particle_t), intent(inout) :: p(n)
    integer :: i
    do i = 2, n  ! WARNING [loop-serial]
      p(i)%x = p(i-1)%x + 0.25_dp*p(i)%q
    end do
  end subroutine chain

  ! A local structure private to each iteration: private(t) names its
  ! components.
  !$OFP PURE, KERNEL :: swapxy
  subroutine swapxy(n, p, r)
    integer, intent(in) :: n
    type(particle_t), intent(in) :: p(n)
    real(dp), intent(out) :: r(n)
    type(particle_t) :: t
    integer :: i
    !$omp parallel do private(t)
    do i = 1, n
      t%x = p(i)%y
      t%y = p(i)%x*p(i)%q
      r(i) = t%x - 2*t%y
    end do
  end subroutine swapxy

  ! A function whose result is a structure (ParRes pic_soa's singlePart):
  ! its components are the kernel's intent(out) scalars.
  !$OFP PURE, KERNEL :: pick
  pure function pick(n, p, ip) result(one)
    integer, intent(in) :: n, ip
    type(particle_t), intent(in) :: p(n)
    type(particle_t) :: one
    one%x = p(min(ip, n))%x
    one%y = p(min(ip, n))%y + p(1)%q
    one%vx = 0
    one%vy = sum(p%vy)
    one%q = p(n)%q
    one%k = p(1)%k
  end function pick
end module loop_particles_mod
