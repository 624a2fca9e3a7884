!$OFP PURE, KERNEL :: peak
subroutine peak(n, a, at)
  integer :: n
  real :: a(n)
  integer, intent(out) :: at
  at = maxloc(a(1:n), dim=1)  ! ERROR [loop-reduction] "\"maxloc\" is not supported in a loop kernel"
end subroutine peak
