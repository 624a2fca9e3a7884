! DO CONCURRENT over tiles whose size is a dummy (a step that is not a
! constant): one work-item per tile, the loops inside in order, inner
! DO CONCURRENT included.
!$OFP PURE, KERNEL :: tiled_mm
subroutine tiled_mm(n, nb, a, b, c)
  implicit none
  integer, intent(in) :: n, nb
  real(8), intent(in) :: a(n, n), b(n, n)
  real(8), intent(inout) :: c(n, n)
  integer :: i, j, k, jt, kt
  do concurrent (jt = 1:n:nb)
    do kt = 1, n, nb
      do concurrent (j = jt:min(n, jt+nb-1), i = 1:n)
        do k = kt, min(n, kt+nb-1)
          c(i, j) = c(i, j) + a(i, k)*b(k, j)
        end do
      end do
    end do
  end do
end subroutine tiled_mm

! A negative step that is not a constant, and a mask.
!$OFP PURE, KERNEL :: strided_rev
subroutine strided_rev(n, s, x, y)
  implicit none
  integer, intent(in) :: n, s
  real, intent(in) :: x(n)
  real, intent(inout) :: y(n)
  integer :: i
  do concurrent (i = n:1:-s, x(i) > 0.7)
    y(i) = x(i)*2 + y(i)
  end do
end subroutine strided_rev

! Two variable-step indices: each work-item sums its tile and writes the
! sum over it.
!$OFP PURE, KERNEL :: tile_sums
subroutine tile_sums(n, m, s, a, t)
  implicit none
  integer, intent(in) :: n, m, s
  real(8), intent(in) :: a(n, m)
  real(8), intent(out) :: t(n, m)
  integer :: it, jt, i, j
  real(8) :: acc
  do concurrent (jt = 1:m:s, it = 1:n:s)
    acc = 0
    do j = jt, min(m, jt+s-1)
      do i = it, min(n, it+s-1)
        acc = acc + a(i, j)
      end do
    end do
    do concurrent (j = jt:min(m, jt+s-1), i = it:min(n, it+s-1))
      t(i, j) = acc
    end do
  end do
end subroutine tile_sums

! Two nests over one index with variable steps, and a sequential loop of
! a variable step inside one: each has host variables of its own.
!$OFP PURE, KERNEL :: two_sweeps
subroutine two_sweeps(n, s, x, y)
  implicit none
  integer, intent(in) :: n, s
  real, intent(in) :: x(n)
  real, intent(inout) :: y(n)
  integer :: i, j
  do concurrent (i = 1:n:s)
    y(i) = y(i) + x(i)
  end do
  do concurrent (i = 2:n:s+1)
    do j = i, min(n, i+s), s
      y(i) = y(i) + x(j)
    end do
  end do
end subroutine two_sweeps

! A DO loop with a variable step under !$omp parallel do: parallel, the
! writes one-to-one because the host checks that the step is not 0.
!$OFP PURE, KERNEL :: omp_stride
subroutine omp_stride(n, s, x, y)
  implicit none
  integer, intent(in) :: n, s
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: y(n)
  integer :: i
  !$omp parallel do
  do i = 2, n, s
    y(i) = y(i) + x(i-1)*x(i)
  end do
end subroutine omp_stride
