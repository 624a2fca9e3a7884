!$OFP PURE, KERNEL :: total
subroutine total(n, a, s)
  integer :: n
  real :: a(n), s(1)
  integer :: i
  real :: acc
  acc = 0
  !$omp parallel do reduction(+:acc)
  !^ ERROR [loop-directive] "reductions are not supported by forocl yet"
  do i = 1, n
    s(1) = a(i)  ! ERROR [loop-write-conflict] "different iterations of the parallel loop may write the same element of \"s\""
  end do
end subroutine total
