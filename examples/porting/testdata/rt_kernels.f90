! rt_kernels: the kernels of the runtime test (runtime_test.go), written as
! an application's kernel file is: a module of subroutines over
! explicit-shape arrays with halos, one of each kind the runtime moves.
module rt_kernels
  implicit none
contains

  ! smooth writes the interior of b from a; b's halo keeps its values.
  subroutine smooth(n, a, b)
    integer, intent(in) :: n
    real(8), intent(in) :: a(0:n+1)
    real(8), intent(inout) :: b(0:n+1)
    integer :: i
    do i = 1, n
      b(i) = 0.25d0*(a(i-1) + 2d0*a(i) + a(i+1))
    end do
  end subroutine smooth

  ! total is the sum of a's interior.
  subroutine total(n, a, s)
    integer, intent(in) :: n
    real(8), intent(in) :: a(0:n+1)
    real(8), intent(out) :: s
    integer :: i
    s = 0d0
    !$omp parallel do reduction(+:s)
    do i = 1, n
      s = s + a(i)
    end do
  end subroutine total

  ! scale2 updates a real(4) field in place.
  subroutine scale2(nx, ny, f, w)
    integer, intent(in) :: nx, ny
    real(4), intent(inout) :: f(-1:nx+2, -1:ny+2)
    real(4), intent(in) :: w
    integer :: i, j
    do j = 1, ny
      do i = 1, nx
        f(i, j) = w*f(i, j) + 1.0
      end do
    end do
  end subroutine scale2

  ! count3 counts, in c, the cells of m above a threshold.
  subroutine count3(n, m, c, lim)
    integer, intent(in) :: n
    integer(8), intent(in) :: m(n, n, n)
    integer, intent(inout) :: c(n, n, n)
    integer(8), intent(in) :: lim
    integer :: i, j, k
    do k = 1, n
      do j = 1, n
        do i = 1, n
          if (m(i, j, k) > lim) c(i, j, k) = c(i, j, k) + 1
        end do
      end do
    end do
  end subroutine count3

  ! pick adds to the fields that fields selects, as CloverLeaf's
  ! update_halo_kernel reads its host-filled list, and writes a few of
  ! their cells to e: small arrays, one read and one written.
  subroutine pick(n, fields, a, b, e)
    integer, intent(in) :: n
    integer, intent(in) :: fields(2)
    real(8), intent(inout) :: a(0:n+1), b(0:n+1)
    real(8), intent(out) :: e(4)
    integer :: i
    if (fields(1) == 1) then
      do i = 1, n
        a(i) = a(i) + 1d0
      end do
    end if
    if (fields(2) == 1) then
      do i = 1, n
        b(i) = b(i) + 2d0
      end do
    end if
    do i = 1, 4
      e(i) = a(i) + 10d0*b(i)
    end do
  end subroutine pick
end module rt_kernels
