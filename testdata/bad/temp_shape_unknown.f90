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
    T = 1.0  ! ERROR:9 [temporary-shape-unknown] "cannot tell the shape of temporary \"T\": the right-hand side has no array operand"
  end subroutine k
end module m
