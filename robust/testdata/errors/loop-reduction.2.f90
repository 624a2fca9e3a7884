!$OFP PURE, KERNEL :: normalise
subroutine normalise(n, a, b)
  integer :: n
  real :: a(n), b(n)
  b(:) = a(:)/sum(a(:))  ! ERROR [loop-reduction] "reduction \"sum\" inside an array assignment of a loop kernel"
end subroutine normalise
