module m
  implicit none
contains
  subroutine k(c, a, s)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: c
    real, dimension(:,:), contiguous, intent(in) :: a
    real, intent(out) :: s
    s = 0.0
    if (c < 0.0) return  ! ERROR [reduction-return] "return in a kernel with reductions or scalar results is not supported"
    s = sum(a)
  end subroutine
end module
