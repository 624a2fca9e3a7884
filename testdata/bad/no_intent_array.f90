module m
  implicit none
  real, parameter :: g = 9.8
contains
  subroutine k(s, A, B, oA)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: s
    real, dimension(:,:), contiguous :: A, B  ! ERROR:41 [kernel-array-no-intent] "array \"A\" has no intent; kernel arrays must be intent(in) or intent(out)" ERROR:44 [kernel-array-no-intent] "array \"B\" has no intent; kernel arrays must be intent(in) or intent(out)"
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    oA = A
  end subroutine k
end module m
