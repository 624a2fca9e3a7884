module m
  implicit none
  real, parameter :: g = 9.8
contains
  pure elemental real function f1(x)
    real, intent(in) :: x
    f1 = region_cpy(x, [1,1])  ! ERROR:10 [elemental-scalar-code] "region_cpy is not allowed in an elemental function; its code is scalar"
  end function f1
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
