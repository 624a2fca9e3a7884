! Module variables in loop kernels: named constants fold as if local;
! module arrays and scalars that a kernel reads or writes become its
! parameters, marked with their module (forocl run takes them by name,
! the oracle and the Fortran host set and read them through the module).
! An array the kernel writes keeps the elements it leaves.
module loop_module_vars_data
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  integer, parameter :: nc = 24
  real(wp), parameter :: gravity = 9.81_wp
  real(wp) :: weights(nc)
  real(wp) :: accum(0:nc+1)
  real(wp) :: damping
end module loop_module_vars_data

module loop_module_vars_mod
  use loop_module_vars_data
  implicit none
contains
  !$OFP PURE, KERNEL :: weigh
  subroutine weigh(h, flux)
    real(wp), intent(in) :: h(nc)
    real(wp), intent(out) :: flux(nc)
    integer :: i
    !$omp parallel do
    do i = 1, nc
      flux(i) = gravity*h(i)*weights(i) - damping*h(i)
    end do
  end subroutine weigh

  !$OFP PURE, KERNEL :: accumulate
  subroutine accumulate(a)
    real(wp), intent(in) :: a(nc)
    integer :: i
    !$omp parallel do
    do i = 1, nc
      accum(i) = accum(i) + a(i)*weights(i)
    end do
    accum(0) = accum(1)
  end subroutine accumulate

  !$OFP PURE, KERNEL :: smooth_accum
  subroutine smooth_accum(c)
    real(wp), intent(in) :: c
    accum(1:nc) = accum(1:nc) + c*(accum(0:nc-1) - 2.0_wp*accum(1:nc) + accum(2:nc+1))
  end subroutine smooth_accum
end module loop_module_vars_mod
