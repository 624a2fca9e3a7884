module m
  implicit none
  real, parameter :: g = 9.8
contains
  impure real function twice(x)
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
    oA = twice(A)  ! ERROR:10 [function-not-pure] "function \"twice\" is impure; a kernel may call only functions without side effects"
  end subroutine k
end module m
