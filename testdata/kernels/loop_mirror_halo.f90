! A mirror halo update at the left boundary, in place: the halo cells
! x_min-j take the values of the interior cells x_min+j-1.
!$OFP PURE, KERNEL :: mirror_left
subroutine mirror_left(x_min, x_max, y_min, y_max, depth, field)
  implicit none
  integer :: x_min, x_max, y_min, y_max, depth
  real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: field
  integer :: j, k
  !$omp parallel do private(j)
  do k = y_min-depth, y_max+depth
    do j = 1, depth
      field(x_min-j, k) = field(x_min+j-1, k)
    end do
  end do
end subroutine mirror_left
