module syntax_missing_paren
  use forocl_regions
  implicit none

contains

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
    pA = 0.25*(region_cpy(A,west) + region_cpy(A,east) + 0.5*region_cpy(A,halo)  ! ERROR [syntax-unclosed-bracket] "expected \")\""
  end subroutine smooth

end module syntax_missing_paren
