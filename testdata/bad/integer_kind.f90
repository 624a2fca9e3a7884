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
    integer(2) :: big  ! ERROR:13 [unsupported-kind] "integer kind 2 is not supported; forocl knows integer kinds 4 and 8"
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    oA = A
  end subroutine k
end module m
