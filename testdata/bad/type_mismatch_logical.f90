module type_mismatch_logical
  use forocl_regions
  implicit none

contains

  subroutine smooth(boost, A, oA)
  !$OFP PURE, KERNEL :: smooth
    logical, intent(in) :: boost
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo

    halo = [1,1,1,1]
    pA => region_ptr(oA, halo)
    pA = region_cpy(A,halo) + 0.5*boost  ! ERROR [operand-type] "operand of * is logical, expected a number"
  end subroutine smooth

end module type_mismatch_logical
