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
    halo = [1, 1, 1.5, 1]  ! ERROR:19 [array-constant-type] "array constructor element is real(4) but the first element is integer; the elements must have one type and kind"
    oA = region_cpy(A, halo)
  end subroutine k
end module m
