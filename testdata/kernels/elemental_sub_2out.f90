! elemental_sub_2out: element-wise kernel with two outputs and an if block.
!
! From the water height h and the momentum hu of the shallow-water state it
! computes the velocity u = hu/h and the Froude number |u|/sqrt(g h). Cells
! whose height is at or below the dry threshold hdry get u = 0 and Fr = 0
! (with inputs in [0.5, 1.5] roughly a quarter of the cells are "dry").
module elemental_sub_2out
  implicit none
  real, parameter :: g = 9.80
  real, parameter :: hdry = 0.75

contains

  pure elemental subroutine velocity_froude(h, hu, u, fr)
  !$OFP PURE, KERNEL :: velocity_froude
    real, intent(in) :: h, hu
    real, intent(out) :: u, fr
    if (h > hdry) then
      u = hu/h
      fr = abs(u)/sqrt(g*h)
    else
      u = 0.0
      fr = 0.0
    end if
  end subroutine velocity_froude

end module elemental_sub_2out
