module undefined_typo
  use forocl_regions
  implicit none

contains

  subroutine smooth(alpha, A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, intent(in) :: alpha
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo = [1,1,1,1]

    pA => region_ptr(oA, halo)
    pA = region_cpy(A,halo) + alpah*region_cpy(A,[0,2,1,1])  ! ERROR [undefined-name] "undefined name \"alpah\""
  end subroutine smooth

end module undefined_typo
