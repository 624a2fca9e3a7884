!$OFP PURE, KERNEL :: dot
subroutine dot(n, a, b, s)
  integer :: n
  real :: a(n), b(n)
  real, intent(out) :: s
  s = dot_product(a(1:n), b(1:n))  ! ERROR [loop-reduction] "only dot_product(array expression), with no other argument, is translated in a loop kernel"
end subroutine dot
