module m
  implicit none
contains
  subroutine k(a, s)
  !$OFP PURE, KERNEL :: k
    real, dimension(:,:), contiguous, intent(in) :: a
    real, intent(out) :: s
    s = sum(a, dim=1)  ! ERROR [reduction-dim] "sum with dim= is not supported"
  end subroutine
end module
