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
    real :: w = 1.0
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    w = 2.0  ! ERROR:5 [save-local] "local \"w\" is initialised in its declaration, which gives it the save attribute; a kernel cannot change it"
    oA = A*w
  end subroutine k
end module m
