module m
  implicit none
  real, parameter :: g = 9.8
contains
  pure elemental real function twice(x)
    real, intent(in) :: x(3)  ! ERROR:25 [function-not-scalar] "dummy \"x\" of function \"twice\" must be scalar"
    twice = 2.0
  end function twice
  subroutine k(s, A, B, oA)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: s
    real, dimension(:,:), contiguous, intent(in) :: A, B
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    oA = twice(A)
  end subroutine k
end module m
