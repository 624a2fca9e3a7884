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
    real, allocatable, dimension(:,:) :: T
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    T = region_cpy(A, west)
    T = region_cpy(A, [0,1,1,1])  ! ERROR:9 [temporary-shape-changes] "temporary \"T\" is (n1-2, n2-2) from its first assignment, but region_cpy(A, [0,1,1,1]) is (n1-1, n2-2)"
  end subroutine k
end module m
