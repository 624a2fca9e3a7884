module unknown_function
  use forocl_regions
  implicit none

contains

  subroutine avg3(X, oX)
  !$OFP PURE, KERNEL :: avg3
    real, dimension(:), contiguous, intent(in) :: X
    real, dimension(:), contiguous, intent(out) :: oX

    oX = (fraction(X) + X + fraction(X)) / 3.0  ! ERROR [unsupported-intrinsic] "function \"fraction\" is not supported by forocl" ERROR [unsupported-intrinsic] "function \"fraction\" is not supported by forocl"
  end subroutine avg3

end module unknown_function
