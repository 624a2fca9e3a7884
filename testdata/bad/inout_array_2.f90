module m
  implicit none
  real, parameter :: g = 9.8
contains
  subroutine k(s, A, B, oA)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: s
    real, dimension(:,:), contiguous, intent(inout) :: A  ! ERROR:56 [kernel-inout] "array \"A\" is intent(inout); kernel arrays must be intent(in) or intent(out) (double-buffer instead)"
    real, dimension(:,:), contiguous, intent(in) :: B
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    oA = A
  end subroutine k
end module m
