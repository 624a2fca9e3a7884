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
    pA => region_ptr(oA, [1,1])  ! ERROR:26 [halo-rank-mismatch] "halo has 2 entries but \"oA\" has rank 2; a halo needs 2*rank = 4 entries"
  end subroutine k
end module m
