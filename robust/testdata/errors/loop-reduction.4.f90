!$OFP PURE, KERNEL :: norm
subroutine norm(n, a, s)
  integer :: n
  real :: a(n)
  real, intent(out) :: s
  s = norm2(a(1:n))  ! ERROR [loop-reduction] "norm2 is not translated in a loop kernel"
end subroutine norm
