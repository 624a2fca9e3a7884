! expect: reductions are not supported by forocl yet
!$OFP PURE, KERNEL :: total
subroutine total(n, a, s)
  integer :: n
  real :: a(n), s(1)
  integer :: i
  real :: acc
  acc = 0
  !$omp parallel do reduction(+:acc)
  do i = 1, n
    s(1) = a(i)
  end do
end subroutine total
