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
    integer, dimension(4) :: h2
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    oA = region_cpy(A, h2)  ! ERROR:24 [halo-unset] "halo \"h2\" is used before it is set"
  end subroutine k
end module m
