! Buffer packing as in halo exchanges: a 2-D strip of a field copied into
! a 1-D buffer through a linearised subscript held in a scalar temporary.
! In pack_cols the subscript off + j + (k+depth-1)*depth, with j in
! 1..depth, is one-to-one for every size (the coefficient depth is the
! span of j plus one), so the nest runs in parallel. In pack_rows the row
! length is x_max + x_inc + 2*depth while j runs over x_min-depth ..
! x_max+x_inc+depth: the rows do not overlap only if x_min >= 1, so the
! host runs the nest in parallel when x_min >= 1 and in order otherwise
! (then later rows overwrite ends of earlier ones, as in the serial run;
! the numeric tier's x_min 1 and -2 take both ways). Module: explicit interface.
module loop_dep_pack_mod
  implicit none
contains
!$OFP PURE, KERNEL :: pack_cols
subroutine pack_cols(x_min, x_max, y_min, y_max, depth, field_type, off, field, buf)
  implicit none
  integer, intent(in) :: x_min, x_max, y_min, y_max, depth, field_type, off
  real(8), intent(in) :: field(x_min-2:x_max+3, y_min-2:y_max+3)
  real(8), intent(inout) :: buf(:)
  integer :: j, k, x_inc, y_inc, index
  x_inc = 0
  y_inc = 0
  if (field_type == 2) then
    x_inc = 1
    y_inc = 1
  end if
  !$omp parallel do private(index)
  do k = y_min - depth, y_max + y_inc + depth
    do j = 1, depth
      index = off + 10 + j + (k + depth - 1)*depth
      buf(index) = field(x_min + x_inc - 1 + j, k)
    end do
  end do
end subroutine pack_cols

!$OFP PURE, KERNEL :: pack_rows
subroutine pack_rows(x_min, x_max, y_min, y_max, depth, field_type, off, field, buf)
  implicit none
  integer, intent(in) :: x_min, x_max, y_min, y_max, depth, field_type, off
  real(8), intent(in) :: field(x_min-2:x_max+3, y_min-2:y_max+3)
  real(8), intent(inout) :: buf(:)
  integer :: j, k, x_inc, index
  x_inc = 0
  if (field_type == 3) x_inc = 1
  !$omp parallel do collapse(2) private(index)
  do k = 1, depth  ! WARNING [loop-serial] one-to-one only if x_min - 1 >= 0
    do j = x_min - depth, x_max + x_inc + depth
      index = off + 10 + j + depth + (k - 1)*(x_max + x_inc + 2*depth)
      buf(index) = field(j, y_max + 1 - k) + k
    end do
  end do
end subroutine pack_rows
end module loop_dep_pack_mod
