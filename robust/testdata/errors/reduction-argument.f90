module m
  implicit none
contains
  subroutine k(a, n, s)
  !$OFP PURE, KERNEL :: k
    real, dimension(:,:), contiguous, intent(in) :: a
    integer, intent(out) :: n
    real, intent(out) :: s
    n = count(a)  ! ERROR [reduction-argument] "count takes a logical array, not real(4)"
    s = sum(a, mask=a)  ! ERROR [reduction-argument] "mask= of sum must be logical"
  end subroutine
end module
