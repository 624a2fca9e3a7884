! A 2-D smoothing stencil in the legacy style: the weights are named
! constants of the module (a real(4) table widened to real(8), so each
! weight keeps its real(4) rounding, and an integer table of offsets),
! applied by a sequential loop over the stencil radius inside an OpenMP
! nest over explicit-shape arrays with halo depth 2; a second nest applies
! a 3x3 Laplacian whose weights are a rank-2 table built with reshape.
module smoothing
  implicit none
  integer, parameter :: radius = 2
  real(kind=8), parameter :: wx(-radius:radius) = [0.1, 0.2, 0.4, 0.2, 0.1]
  real(kind=8), parameter :: wy(-radius:radius) = (/ 1.0_8, 4.0_8, 6.0_8, 4.0_8, 1.0_8 /) / 16.0_8
  integer, parameter :: offs(4) = (/ -2, -1, 1, 2 /)
  real(kind=8), parameter :: lap(-1:1, -1:1) = &
    reshape((/ 1, 2, 1, 2, -12, 2, 1, 2, 1 /), (/ 3, 3 /)) / 4.0_8
contains
!$OFP PURE, KERNEL :: smooth_xy
subroutine smooth_xy(x_min, x_max, y_min, y_max, field, smoothed, spread, curv)
  integer :: x_min, x_max, y_min, y_max
  real(kind=8), dimension(x_min-2:x_max+2, y_min-2:y_max+2) :: field
  real(kind=8), dimension(x_min:x_max, y_min:y_max) :: smoothed, spread, curv
  integer :: j, k, m, n
  real(kind=8) :: acc, dev
  !$omp parallel do private(j, m, n, acc, dev)
  do k = y_min, y_max
    do j = x_min, x_max
      acc = 0.0_8
      do n = -radius, radius
        do m = -radius, radius
          acc = acc + wx(m)*wy(n)*field(j+m, k+n)
        end do
      end do
      smoothed(j, k) = acc
      dev = 0.0_8
      do m = 1, size(offs)
        dev = max(dev, abs(field(j+offs(m), k) - field(j, k+offs(m))))
      end do
      spread(j, k) = dev
    end do
  end do
  !$omp end parallel do
  !$omp parallel do private(j, m, n, acc)
  do k = y_min, y_max
    do j = x_min, x_max
      acc = 0.0_8
      do n = -1, 1
        do m = -1, 1
          acc = acc + lap(m, n)*field(j+m, k+n)
        end do
      end do
      curv(j, k) = acc
    end do
  end do
  !$omp end parallel do
end subroutine smooth_xy
end module smoothing
