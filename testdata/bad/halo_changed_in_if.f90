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
    if (s > 0.0) then
    halo = [1,1,0,2]
    end if
    pA => region_ptr(oA, halo)  ! ERROR:26 [halo-not-constant] "halo \"halo\" is not constant here: it is set inside an if block"
  end subroutine k
end module m
