!$OFP PURE, KERNEL :: stops_early
subroutine stops_early(n, a)
  integer :: n
  real :: a(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    if (a(i) < 0) return
    !^ ERROR:19 [return-in-loop] "\"return\" inside a DO loop of a loop kernel would leave the loop early, which a parallel loop cannot do"
    a(i) = sqrt(a(i))
  end do
end subroutine stops_early
