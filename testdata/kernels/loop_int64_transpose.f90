! A transpose that also updates its input, with int64 order and indices.
! t is a product of int64 values past 2**31: Fortran computes it in 64
! bits, and so must the kernel. m is a default integer: m*j is promoted to
! int64 (Fortran's kind rule for mixed operands).
!$OFP PURE, KERNEL :: transpose64
subroutine transpose64(order, m, a, b)
  use iso_fortran_env
  implicit none
  integer(kind=INT64), intent(in) :: order
  integer, intent(in) :: m
  real(kind=REAL64), intent(inout) :: a(order, order), b(order, order)
  integer(kind=INT64) :: i, j, t
  !$omp parallel do collapse(2) private(t)
  do j = 1, order
    do i = 1, order
      t = i*order*order*100000 + m*j
      b(j, i) = b(j, i) + a(i, j) + real(mod(t, 1000003_int64), REAL64)*1.0d-6
      a(i, j) = a(i, j) + 1.0d0
    end do
  end do
end subroutine transpose64
