! halo_kernel: reflecting walls. The halo cells (depth 1 or 2) of a cell
! field mirror the cells inside; those of a node field mirror the nodes
! inside, times a sign (-1 flips the velocity component normal to a wall).
module halo_kernel_module
  implicit none
contains

  subroutine halo_cell_kernel(x_min, x_max, y_min, y_max, depth, field)
    integer :: x_min, x_max, y_min, y_max, depth
    real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: field
    integer :: j, k

    !$omp parallel do
    do k = y_min, y_max
      do j = 1, depth
        field(x_min-j, k) = field(x_min+j-1, k)
      end do
    end do
    !$omp parallel do
    do k = y_min, y_max
      do j = 1, depth
        field(x_max+j, k) = field(x_max+1-j, k)
      end do
    end do
    !$omp parallel do
    do k = 1, depth
      do j = x_min - depth, x_max + depth
        field(j, y_min-k) = field(j, y_min+k-1)
      end do
    end do
    !$omp parallel do
    do k = 1, depth
      do j = x_min - depth, x_max + depth
        field(j, y_max+k) = field(j, y_max+1-k)
      end do
    end do
  end subroutine halo_cell_kernel

  subroutine halo_node_kernel(x_min, x_max, y_min, y_max, depth, sx, sy, field)
    integer :: x_min, x_max, y_min, y_max, depth
    real(kind=8) :: sx, sy
    real(kind=8), dimension(x_min-2:x_max+3, y_min-2:y_max+3) :: field
    integer :: j, k

    !$omp parallel do
    do k = y_min, y_max + 1
      do j = 1, depth
        field(x_min-j, k) = sx*field(x_min+j, k)
      end do
    end do
    !$omp parallel do
    do k = y_min, y_max + 1
      do j = 1, depth
        field(x_max+1+j, k) = sx*field(x_max+1-j, k)
      end do
    end do
    !$omp parallel do
    do k = 1, depth
      do j = x_min - depth, x_max + 1 + depth
        field(j, y_min-k) = sy*field(j, y_min+k)
      end do
    end do
    !$omp parallel do
    do k = 1, depth
      do j = x_min - depth, x_max + 1 + depth
        field(j, y_max+1+k) = sy*field(j, y_max+1-k)
      end do
    end do
  end subroutine halo_node_kernel
end module halo_kernel_module
