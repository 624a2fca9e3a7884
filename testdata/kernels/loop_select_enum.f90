! ParRes pic's init_particles idioms (issue 22): named constants from an
! "enum, bind(c)" block (Note [enumerators] in parser/enums.go), given
! values and counted on from them, and a SELECT CASE on a scalar dummy at
! the top level of a loop kernel, between its nests, which the host runs
! as an IF chain (selectAsIf in sema/selecttop.go): a case of one value,
! of a list, of a range, and the default.
module modes
  use iso_c_binding, only: c_int
  implicit none
  enum, bind(c)
    enumerator :: flat, ramp, wave = 5, spike
  end enum
end module

!$OFP PURE, KERNEL :: shaped
subroutine shaped(n, mode, a, b)
  use modes
  implicit none
  integer, intent(in) :: n, mode
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  real :: w
  integer :: i
  select case (mode)
  case (flat)
    w = 1.0
  case (ramp, spike)
    w = 2.0 + spike
  case (wave-2:wave)
    w = 0.5*wave
  case default
    w = -1.0
  end select
  do concurrent (i = 1:n)
    b(i) = w*a(i) + ramp
  end do
end subroutine
