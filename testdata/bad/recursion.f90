module m
  implicit none
  real, parameter :: g = 9.8
contains
  pure elemental real function f1(x)
    real, intent(in) :: x
    f1 = f2(x)
  end function f1
  pure elemental real function f2(x)
    real, intent(in) :: x
    f2 = f1(x)  ! ERROR:10 [recursion] "function \"f1\" is recursive; forocl cannot translate recursion"
  end function f2
  subroutine k(s, A, B, oA)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: s
    real, dimension(:,:), contiguous, intent(in) :: A, B
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east
    halo = [1,1,1,1]; west = [0,2,1,1]; east = [2,0,1,1]
    oA = f1(A)
  end subroutine k
end module m
