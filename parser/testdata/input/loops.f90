subroutine loops(x_min, x_max, y_min, y_max, a, b)
  integer :: x_min, x_max, y_min, y_max
  real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: a, b
  integer :: j, k
  real(kind=8) :: v
  !$omp parallel do private(j, v) &
  !$omp& collapse(2)
  do k = y_min, y_max
    do j = x_min, x_max, 1
      v = a(j, k)
      b(j, k) = v
    end do
  end do
  !$omp end parallel do
  !$acc parallel loop collapse(2) present(a, b)
  do k = y_min, y_max
    do j = x_min, x_max
      b(j, k) = 2*a(j, k)
    enddo
  enddo
  do concurrent (k = y_min:y_max, j = x_min:x_max:1, a(j,k) > 0) local(v) shared(a, b) default(none)
    v = a(j, k)
    b(j, k) = v
  end do
  rows: do, k = 1, 3
    select case (k)
    case (1, 3:)
      v = 1
    case (:0)
      v = 2
    case default
      v = 3
    end select
  end do rows
  do
    exit
  end do
end subroutine
