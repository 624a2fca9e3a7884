module m
  implicit none
  real, parameter :: g = 9.8
contains
  pure elemental real function twice(x)
    real, intent(in) :: x
    twice = 2.0*x
  end function twice
  subroutine k(s, A, B, oA)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: s
    real, dimension(:,:), contiguous, intent(in) :: A, B
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    oA = twice(A, B)  ! ERROR:10 [function-arguments] "function \"twice\" takes 1 argument but 2 were given"
  end subroutine k
end module m
