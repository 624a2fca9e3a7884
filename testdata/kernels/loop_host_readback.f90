! A host scalar computed from a reduction read back from the device: the
! Fortran host's sizing run must treat cnt as unknown (it is 0 there, and
! 1000/cnt would be a false division by zero), as the runner does.
!$OFP PURE, KERNEL :: host_readback
subroutine host_readback(n, a, b)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n)
  real(8), intent(inout) :: b(n)
  integer :: i, cnt, q
  cnt = 0
  !$omp parallel do reduction(+:cnt)
  do i = 1, n
    if (a(i) > -1d0) cnt = cnt + 1
  end do
  q = 1000 / cnt
  !$omp parallel do
  do i = 1, n
    b(i) = b(i) + q
  end do
  if (cnt > 5) then
    !$omp parallel do
    do i = 1, n
      b(i) = 2*b(i) - a(i)
    end do
  end if
end subroutine host_readback
