!$OFP PURE, KERNEL :: row_sums
subroutine row_sums(n, m, a, b)
  integer :: n, m
  real :: a(n, m), b(n)
  b(:) = sum(a(:, :), dim=2)  ! ERROR [loop-reduction] "only sum(array expression), with no other argument, is translated in a loop kernel"
end subroutine row_sums
