! Two iterations of an OpenMP nest write the same elements, as CloverLeaf's
! chunk generator does when it sets the velocities of a cell's four
! corners: the values are equal (a benign race under OpenMP), but forocl
! cannot prove that, so the nest runs in order; spread writes a value
! that depends on the iteration, so only the serial order gives the
! serial answer.
!$OFP PURE, KERNEL :: corners
subroutine corners(x_min, x_max, y_min, y_max, v0, cellv, vel)
  implicit none
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), intent(in) :: v0
  real(8), intent(in) :: cellv(x_min:x_max, y_min:y_max)
  real(8), intent(inout) :: vel(x_min:x_max+1, y_min:y_max+1)
  integer :: j, k, jt, kt
  !$omp parallel
  !$omp do
  do k = y_min, y_max  ! WARNING [loop-serial] the same element of vel
    do j = x_min, x_max
      if (cellv(j, k) > 1.0d0) then
        do kt = k, k + 1
          do jt = j, j + 1
            vel(jt, kt) = v0
          end do
        end do
      end if
    end do
  end do
  !$omp end do
  !$omp end parallel
end subroutine corners

!$OFP PURE, KERNEL :: spread
subroutine spread(x_min, x_max, y_min, y_max, cellv, vel)
  implicit none
  integer, intent(in) :: x_min, x_max, y_min, y_max
  real(8), intent(in) :: cellv(x_min:x_max, y_min:y_max)
  real(8), intent(inout) :: vel(x_min:x_max+1, y_min:y_max+1)
  integer :: j, k
  !$omp parallel do
  do k = y_min, y_max  ! WARNING [loop-serial] the same element of vel
    do j = x_min, x_max
      vel(j, k) = cellv(j, k)
      vel(j + 1, k + 1) = 0.5d0*cellv(j, k)
    end do
  end do
end subroutine spread
