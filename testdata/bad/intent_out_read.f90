module m
  implicit none
  real, parameter :: g = 9.8
contains
  subroutine k(s, A, B, oA)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: s
    real, dimension(:,:), contiguous, intent(in) :: A, B
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    oA = oA + A  ! ERROR:10 [read-intent-out] "intent(out) array \"oA\" is read; its values are undefined in the kernel"
  end subroutine k
end module m
