module elemental_array_dummy
  use forocl_regions
  implicit none

contains

  pure elemental real function weight(a, w)
    real, intent(in) :: a
    real, intent(in) :: w(3)  ! ERROR [function-not-scalar] "dummy \"w\" of function \"weight\" must be scalar"
    weight = w(2)*a
  end function weight

  subroutine smooth(A, oA)
  !$OFP PURE, KERNEL :: smooth
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo

    halo = [1,1,1,1]
    pA => region_ptr(oA, halo)
    pA = weight(region_cpy(A,halo), [0.25, 0.5, 0.25])  ! ERROR [halo-misuse] "array constructors can only be used as halos"
  end subroutine smooth

end module elemental_array_dummy
