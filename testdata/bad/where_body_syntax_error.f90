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
    where (A > 0.0)
    oA = A
    elsewhere (A < 0.0) oA = B  ! ERROR:25 [syntax-trailing-text] "unexpected \"oA\" after \"elsewhere (...)\""
    end where
  end subroutine k
end module m
