! c_names: Fortran names that are keywords or built-ins in OpenCL C. The
! kernel is called step (an OpenCL built-in function), its dummies half,
! global and local (OpenCL keywords), its local restrict, and its
! elemental function clamp (another built-in). forocl must rename them in
! the generated C and still find the kernel by its Fortran name.
module c_names
  use forocl_regions
  implicit none
contains

  pure elemental real function clamp(x, lo, hi)
    real, intent(in) :: x, lo, hi
    clamp = min(max(x, lo), hi)
  end function clamp

  subroutine step(half, global, local)
  !$OFP PURE, KERNEL :: step
    real, intent(in) :: half
    real, dimension(:), contiguous, intent(in) :: global
    real, dimension(:), contiguous, intent(out), target :: local
    real, pointer, dimension(:) :: p
    real :: restrict
    restrict = 2.0*half
    p => region_ptr(local, [1,1])
    p = clamp(region_cpy(global,[0,2]) - restrict*region_cpy(global,[1,1]) + region_cpy(global,[2,0]), -1.0, 1.0)
  end subroutine step

end module c_names
