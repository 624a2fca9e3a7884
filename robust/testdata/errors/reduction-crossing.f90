module m
  implicit none
contains
  subroutine k(c, a, b)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: c
    real, dimension(:,:), contiguous, intent(in) :: a
    real, dimension(:,:), contiguous, intent(out) :: b
    real, allocatable, dimension(:,:) :: t
    real :: w, total
    t = 2.0*a
    if (c > 0.0) then
      w = c
    else
      w = 1.0
    end if
    total = sum(a)
    b = t / total  ! ERROR [reduction-crossing] "temporary \"t\" is set before the reduction at line 17 and read after it"
    b = a * w  ! ERROR [reduction-crossing] "scalar \"w\" is set before the reduction at line 17"
  end subroutine
end module
