! Named constants and fields that the kernels of ../relax_fields.f90 use
! from this other file (forocl finds the module with -I).
module fields_data
  implicit none
  integer, parameter :: rk = selected_real_kind(12)
  integer, parameter :: nx = 30, ny = 20
  real(rk), parameter :: alpha = 0.2_rk
  real(rk) :: temp(0:nx+1, 0:ny+1)
  real(rk) :: source(nx, ny)
  real(rk) :: relax_rate
  integer :: field_flags(4)
end module fields_data
