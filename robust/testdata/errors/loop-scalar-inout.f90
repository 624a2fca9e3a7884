!$OFP PURE, KERNEL :: total_in
subroutine total_in(n, a, total)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real :: total
  integer :: i
  !$omp parallel do reduction(+:total)
  do i = 1, n
    total = total + a(i)  ! ERROR [loop-scalar-inout] "scalar dummy \"total\" has no INTENT and is read here before it is assigned"
  end do
end subroutine total_in
