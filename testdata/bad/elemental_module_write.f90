module elemental_module_write
  use forocl_regions
  implicit none
  integer :: ncalls = 0

contains

  elemental real function relax(a, b)
    real, intent(in) :: a, b
    ncalls = ncalls + 1  ! ERROR [module-variable] "an elemental function cannot write module"
    relax = 0.5*(a + b)
  end function relax

  subroutine smooth(A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east

    halo = [1,1,1,1]
    west = [0,2,1,1]
    east = [2,0,1,1]
    pA => region_ptr(oA, halo)
    pA = relax(region_cpy(A,west), region_cpy(A,east))
  end subroutine smooth

end module elemental_module_write
