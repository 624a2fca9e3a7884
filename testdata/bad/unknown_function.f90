module unknown_function
  use forocl_regions
  implicit none

contains

  subroutine avg3(X, oX)
  !$OFP PURE, KERNEL :: avg3
    real, dimension(:), contiguous, intent(in) :: X
    real, dimension(:), contiguous, intent(out) :: oX

    oX = (cshift(X,-1) + X + cshift(X,1)) / 3.0  ! ERROR [unsupported-intrinsic] "function \"cshift\" is not supported by forocl" ERROR [unsupported-intrinsic] "function \"cshift\" is not supported by forocl"
  end subroutine avg3

end module unknown_function
