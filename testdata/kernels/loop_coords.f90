! 1-D node coordinates beside a 2-D cell field, DO CONCURRENT in 2-D.
!$OFP PURE, KERNEL :: cell_centres
subroutine cell_centres(x_min, x_max, y_min, y_max, vertexx, vertexy, f)
  implicit none
  integer :: x_min, x_max, y_min, y_max
  real(8) :: vertexx(x_min-2:x_max+3), vertexy(y_min-2:y_max+3)
  real(8) :: f(x_min-2:x_max+2, y_min-2:y_max+2)
  integer :: j, k
  do concurrent (k = y_min:y_max, j = x_min:x_max)
    f(j, k) = 0.5d0*(vertexx(j) + vertexx(j+1))*0.5d0*(vertexy(k) + vertexy(k+1))
  end do
end subroutine cell_centres
