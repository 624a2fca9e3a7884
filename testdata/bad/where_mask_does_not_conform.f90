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
    where (region_cpy(A, halo) > 0.0) oA = A  ! ERROR:44 [shape-mismatch] "array shapes do not conform: the where mask is (n1-2, n2-2) but \"A\" is (n1, n2)"
  end subroutine k
end module m
