module unterminated_where
  use forocl_regions
  implicit none

contains

  subroutine clip(A, oA)
  !$OFP PURE, KERNEL :: clip
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo

    halo = [1,1,1,1]
    pA => region_ptr(oA, halo)
    where (region_cpy(A,halo) > 1.0)  ! ERROR [construct-not-closed] "\"where\" construct is never closed"
      pA = 1.0
    elsewhere
      pA = region_cpy(A,halo)
  end subroutine clip

end module unterminated_where
