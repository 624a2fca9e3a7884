! full_copy_scale: a kernel without halos. Whole arrays are combined element
! by element and the outputs are written whole, with no region functions and
! no pointers (so the subroutine can be declared pure and its outputs need
! no target attribute). The integer dummy n is converted with real():
!     oA = 2 A + B,   oC = A + real(n) B / 8   (n steps of rate B/8).
module full_copy_scale
  implicit none

contains

  pure subroutine scale_add(n, A, B, oA, oC)
  !$OFP PURE, KERNEL :: scale_add
    integer, intent(in) :: n
    real, dimension(:,:), contiguous, intent(in) :: A, B
    real, dimension(:,:), contiguous, intent(out) :: oA, oC
    oA = 2.0*A + B
    oC = A + 0.125*real(n)*B
  end subroutine scale_add

end module full_copy_scale
