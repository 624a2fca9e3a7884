! Structures passed to subroutines that kernels call (issue 22, Note
! [structure arguments] in sema/callstructs.go): an array of structures
! passed whole to a subroutine that loops over it (ParRes pic's
! finish_distribution call), at the top level of the kernel, where its
! loop is a parallel nest; and an element p(i) passed in a nest to a
! subroutine whose dummy is one structure, updated in place. (A
! structure passed whole is intent(inout) in every component.)
module particles
  implicit none
  type w_t
    real(8) :: v
  end type
  type particle_t
    real(8) :: x, y, vx, vy, q
    integer :: k
  end type
contains
  subroutine finish(n, p, dt)
    integer, intent(in) :: n
    type(particle_t), intent(inout) :: p(:)
    real(8), intent(in) :: dt
    integer :: i
    do i = 1, n
      p(i)%vx = (p(i)%x - int(p(i)%x))/dt
      p(i)%vy = real(p(i)%k, 8)/dt
      p(i)%q = 2*mod(p(i)%k, 2) - 1
    end do
  end subroutine

  pure subroutine bump(w, s)
    type(w_t), intent(inout) :: w
    real(8), intent(in) :: s
    w%v = w%v*s + 1.0d0
  end subroutine

  pure subroutine kick(one, f)
    type(particle_t), intent(inout) :: one
    real(8), intent(in) :: f
    one%x = one%x + f*one%vx
    one%y = one%y + f*one%vy*one%q
    one%k = one%k + 1
  end subroutine
end module

!$OFP PURE, KERNEL :: move_all
subroutine move_all(n, parts, dt)
  use particles
  implicit none
  integer, intent(in) :: n
  type(particle_t), intent(inout) :: parts(n)
  real(8), intent(in) :: dt
  integer :: i
  call finish(n, parts, dt)
  !$omp parallel do
  do i = 1, n
    call kick(parts(i), 0.5d0*dt)
  end do
end subroutine

! A type of one component, its elements passed in a nest: the only use
! of the structure array in the kernel.
!$OFP PURE, KERNEL :: bump_all
subroutine bump_all(n, ws, s)
  use particles
  implicit none
  integer, intent(in) :: n
  type(w_t), intent(inout) :: ws(n)
  real(8), intent(in) :: s
  integer :: i
  !$omp parallel do
  do i = 1, n
    call bump(ws(i), s)
  end do
end subroutine
