module elemental_intent_out
  use forocl_regions
  implicit none

contains

  pure elemental real function split(x, lo)
    real, intent(in) :: x
    real, intent(out) :: lo  ! ERROR [function-dummy-intent] "dummy \"lo\" of function \"split\" must be"
    lo = min(x, 1.0)
    split = x - lo
  end function split

  subroutine split_excess(A, oA, oB)
  !$OFP PURE, KERNEL :: split_excess
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA, oB
    real, pointer, dimension(:,:) :: pA, pB
    integer, dimension(4) :: halo

    halo = [1,1,1,1]
    pA => region_ptr(oA, halo)
    pB => region_ptr(oB, halo)
    pA = split(region_cpy(A,halo), pB)  ! ERROR [read-intent-out] "intent(out) array \"oB\" is read through pointer \"pB\""
  end subroutine split_excess

end module elemental_intent_out
