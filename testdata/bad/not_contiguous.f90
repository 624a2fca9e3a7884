module m
  implicit none
  real, parameter :: g = 9.8
contains
  subroutine k(s, A, B, oA)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: s
    real, dimension(:,:), intent(in) :: A, B  ! ERROR:41 [kernel-array-not-contiguous] "array \"A\" is not contiguous; kernel arrays must be contiguous" ERROR:44 [kernel-array-not-contiguous] "array \"B\" is not contiguous; kernel arrays must be contiguous"
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    oA = A
  end subroutine k
end module m
