! CloverLeaf's unpack idiom (Note [host program] in package abi): x_inc
! and y_inc are set in IF blocks on an integer dummy, then bound the
! nests; the host computes them before each launch.
!$OFP PURE, KERNEL :: loop_unpack_inc
pure subroutine loop_unpack_inc(x_min, x_max, y_min, y_max, depth, field_type, field, buf)
  implicit none
  integer, intent(in) :: x_min, x_max, y_min, y_max, depth, field_type
  real(8), intent(inout) :: field(x_min-2:x_max+3, y_min-2:y_max+3)
  real(8), intent(in) :: buf(x_min-2:x_max+3, y_min-2:y_max+3)
  integer :: j, k, x_inc, y_inc, lo
  x_inc = 0
  y_inc = 0
  if (field_type == 2) then
    x_inc = 1
    y_inc = 1
  else if (field_type == 3) then
    x_inc = 1
  else if (field_type == 4) then
    y_inc = 1
  end if
  lo = max(y_min - depth, y_min - 2)
  !$omp parallel do
  do k = lo, y_max + y_inc + depth
    do j = 1, depth
      field(x_min - j, k) = buf(x_min + j - 1 + x_inc, k) + 0.5d0 * x_inc
    end do
  end do
  !$omp parallel do
  do k = 1, 1
    do j = x_min - depth, x_max + x_inc + depth
      field(j, y_max + 2 + k) = buf(j, y_max + 1 - k) * 2.0d0 + y_inc
    end do
  end do
end subroutine
