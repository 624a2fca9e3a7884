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
    integer, parameter, dimension(4) :: h4 = [1, 1, 1]  ! ERROR:46 [array-constant-size] "\"h4\" has 4 elements but its value has 3"
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    oA = region_cpy(A, h4)
    oA = region_cpy(B, h4)
  end subroutine k
end module m
