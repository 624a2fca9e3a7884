module elemental_io
  use forocl_regions
  implicit none

contains

  pure elemental real function relax(a, b)
    real, intent(in) :: a, b
    relax = 0.5*(a + b)
    print *, relax  ! ERROR [statement-not-allowed] "\"print\" is not allowed in an elemental function"
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

end module elemental_io
