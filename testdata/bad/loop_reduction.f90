!$OFP PURE, KERNEL :: total
subroutine total(n, a, s)
  integer :: n
  real :: a(n), s(1)
  integer :: i
  real :: acc
  acc = 0
  !$omp parallel do reduction(+:acc)
  do i = 1, n
    acc = acc + a(i)
    if (acc > 1.0) acc = acc + 1.0  ! ERROR [loop-reduction] "\"acc\" is reduced by this loop and cannot be used otherwise inside it"
  end do
end subroutine total
