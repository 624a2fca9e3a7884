module m
  use physics  ! WARNING:7 [module-not-found] "module \"physics\" not found; its names are unknown to forocl"
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
    oA = A*c0  ! ERROR:12 [undefined-name] "undefined name \"c0\""
  end subroutine k
end module m
