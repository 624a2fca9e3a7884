module m
  implicit none
contains
  subroutine k(a, i)
  !$OFP PURE, KERNEL :: k
    real, dimension(:,:), contiguous, intent(in) :: a
    integer, intent(out) :: i
    i = maxloc(a, dim=2)  ! ERROR [reduction-dim] "maxloc with dim= over a rank-2 array is not supported; it would give an array"
  end subroutine
end module
