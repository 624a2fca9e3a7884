! min() and max() of 64-bit nest indices inside subscripts: clamped
! neighbours of a 2-D array and a 1-D one with lower bound 0, mixing
! integer(8) indices with default-integer sizes (OpenCL's min and max
! take one type: the size is widened to long).
!$OFP PURE, KERNEL :: clamp2d
subroutine clamp2d(n, m, a, b)
  use iso_fortran_env, only: int64
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  integer(int64) :: i, j
  !$omp parallel do collapse(2)
  do j = 1, m
    do i = 1, n
      b(i, j) = a(min(i+1, int(n, int64)), max(j-1, 1_int64)) + a(i, min(j+1_int64, int(m, int64)))
    end do
  end do
end subroutine clamp2d

!$OFP PURE, KERNEL :: clamp1d
subroutine clamp1d(n, a, b)
  use iso_fortran_env, only: int64
  implicit none
  integer(int64), intent(in) :: n
  real(8), intent(in) :: a(0:n+1)
  real(8), intent(out) :: b(n)
  integer(int64) :: i
  do concurrent (i = 1:n)
    b(i) = a(min(2*i, n+1)) - a(max(i-3, 0_int64)) + a(min(n, i) + 1)
  end do
end subroutine clamp1d
