!$OFP PURE, KERNEL :: bad_reduce
subroutine bad_reduce(n, a, b, total)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  real, intent(out) :: total
  integer :: i
  real :: s
  s = 0
  total = 0
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s*a(i)  ! ERROR [loop-reduction] "assignment to \"s\" does not have the form of its sum reduction"
    b(i) = s  ! ERROR [loop-reduction] "\"s\" is reduced by this loop and cannot be used otherwise inside it"
  end do
  !$omp parallel do reduction(-:s)  ! ERROR [loop-reduction] "is not op:names"
  do i = 1, n
    b(i) = a(i)
  end do
  !$acc parallel loop reduction(+:n)  ! ERROR [loop-reduction] "\"n\" in a reduction clause is not a scalar local"
  do i = 1, n
    total = total + a(i)  ! ERROR [loop-reduction] "intent(out) scalar \"total\" is assigned inside a parallel loop without a reduction clause"
  end do
end subroutine bad_reduce
