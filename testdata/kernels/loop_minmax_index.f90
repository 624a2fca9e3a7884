! Integer intrinsics of several arguments whose arguments mix default-integer
! nest indices with constants and sizes: max(1, i-1), min(n, i+1),
! mod(i, 2), modulo, sign, dim and abs, in subscripts and in values, and
! an integer(8) scalar beside a default-integer index (the common kind is
! integer(8)). The indices are FOROCL_INDEX_T in the OpenCL, a long in the
! 64-bit variant, so every argument is cast to the call's kind: OpenCL's
! min(int, long) is ambiguous.
!$OFP PURE, KERNEL :: clamp_mix
subroutine clamp_mix(n, m, off, a, b, c)
  use iso_fortran_env, only: int64
  implicit none
  integer, intent(in) :: n, m
  integer(int64), intent(in) :: off
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  integer(int64), intent(out) :: c(n, m)
  integer :: i, j
  !$omp parallel do collapse(2)
  do j = 1, m
    do i = 1, n
      b(i, j) = a(max(1, i-1), j) + a(min(n, i+1), max(1, j-1, i-n)) + a(i, min(m, j+1)) &
        + mod(i, 2) + 2*modulo(j - i, 3) + sign(i, j - 3) + dim(i, j) + abs(i - j)
      c(i, j) = max(int(i, int64), off) + 10_int64*min(off, int(j + 1, int64)) + 100*mod(i + j, 2) + modulo(off - i, 5_int64)
    end do
  end do
end subroutine clamp_mix

! The same in a nest's reductions: the value a max or min reduction folds
! mentions the index (max(m, i)), and an integer power of one.
!$OFP PURE, KERNEL :: index_reduce
subroutine index_reduce(n, m, a, top, low, s)
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  integer, intent(out) :: top, low, s
  integer :: i, j
  top = -5
  low = 1000
  s = 0
  !$omp parallel do collapse(2) reduction(max:top) reduction(min:low) reduction(+:s)
  do j = 1, m
    do i = 1, n
      if (a(i, j) > 0.5) top = max(top, i + 10*j)
      if (a(i, j) < 0.5) low = min(low, j - i, 3*i)
      s = s + (mod(i*j, 7) + i**2 - abs(i - j))
    end do
  end do
end subroutine index_reduce
