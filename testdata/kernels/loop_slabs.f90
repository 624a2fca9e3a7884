! Loop kernels that run on slabs and MPI ranks bit-identical to one
! device (Note [slabs] in runner): a 5-point stencil on t(n,m) and on
! t(0:nx+1,0:ny+1), a staggered update (u(0:nx,0:ny) with b(nx,ny)),
! 1-D coefficient arrays along both dimensions, a radius-2 stencil, nests
! over faces and cells (ranges that differ by a plane), and a
! host procedure: scalar set-up, several nests, a sum and a maximum, an IF
! between nests.
module loop_slabs
  implicit none
contains

!$OFP PURE, KERNEL :: sten5
subroutine sten5(n, m, t, tn)
  integer :: n, m
  real(kind=8), dimension(n, m) :: t, tn
  integer :: i, j
  do j = 2, m - 1
    do i = 2, n - 1
      tn(i, j) = 0.25_8*(t(i-1, j) + t(i+1, j) + t(i, j-1) + t(i, j+1))
    end do
  end do
end subroutine sten5

!$OFP PURE, KERNEL :: sten5h
subroutine sten5h(nx, ny, t, tn)
  integer :: nx, ny
  real, dimension(0:nx+1, 0:ny+1) :: t, tn
  integer :: i, j
  do j = 1, ny
    do i = 1, nx
      tn(i, j) = t(i, j) + 0.2*(t(i-1, j) + t(i+1, j) + t(i, j-1) + t(i, j+1) - 4.0*t(i, j))
    end do
  end do
end subroutine sten5h

!$OFP PURE, KERNEL :: stagger
subroutine stagger(nx, ny, u, b, un)
  integer :: nx, ny
  real, dimension(0:nx, 0:ny) :: u, un
  real, dimension(nx, ny) :: b
  integer :: i, j
  do j = 1, ny - 1
    do i = 1, nx - 1
      un(i, j) = 0.5*u(i, j) + 0.0625*(b(i, j) + b(i+1, j) + b(i, j+1) + b(i+1, j+1)) &
        + 0.125*(u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
    end do
  end do
end subroutine stagger

!$OFP PURE, KERNEL :: coefs
subroutine coefs(n, m, cx, cy, t, tn)
  integer :: n, m
  real, dimension(n) :: cx
  real, dimension(m) :: cy
  real, dimension(n, m) :: t, tn
  integer :: i, j
  do j = 2, m - 1
    do i = 2, n - 1
      tn(i, j) = t(i, j) + 0.1*cx(i)*(t(i-1, j) - 2.0*t(i, j) + t(i+1, j)) &
        + 0.1*cy(j)*(t(i, j-1) - 2.0*t(i, j) + t(i, j+1))
    end do
  end do
end subroutine coefs

!$OFP PURE, KERNEL :: radius2
subroutine radius2(n, m, t, tn)
  integer :: n, m
  real(kind=8), dimension(n, m) :: t, tn
  integer :: i, j
  do j = 3, m - 2
    do i = 3, n - 2
      tn(i, j) = (16.0_8*(t(i-1, j) + t(i+1, j) + t(i, j-1) + t(i, j+1)) &
        - (t(i-2, j) + t(i+2, j) + t(i, j-2) + t(i, j+2)))/60.0_8
    end do
  end do
end subroutine radius2

!$OFP PURE, KERNEL :: faces
subroutine faces(n, m, a, f, b)
  integer :: n, m
  real, dimension(n, 0:m+1) :: a, b
  real, dimension(n, 0:m+1) :: f
  integer :: i, j
  do j = 1, m + 1
    do i = 1, n
      f(i, j) = 0.3*(a(i, j) - a(i, j-1))
    end do
  end do
  do j = 1, m
    do i = 1, n
      b(i, j) = a(i, j) + f(i, j+1) - f(i, j)
    end do
  end do
end subroutine faces

!$OFP PURE, KERNEL :: relax_sum
subroutine relax_sum(n, m, omega, t, tn, total, resid)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: omega
  real(8), intent(in) :: t(n, m)
  real(8), intent(inout) :: tn(n, m)
  real(8), intent(out) :: total, resid
  integer :: i, j
  real(8) :: w
  w = 0.25d0*omega
  if (omega > 1.5d0) w = 0.2d0*omega
  !$omp parallel do collapse(2)
  do j = 2, m - 1
    do i = 2, n - 1
      tn(i, j) = (1.0d0 - omega)*t(i, j) + w*(t(i-1, j) + t(i+1, j) + t(i, j-1) + t(i, j+1))
    end do
  end do
  total = 0.0d0
  !$omp parallel do collapse(2) reduction(+:total)
  do j = 2, m - 1
    do i = 2, n - 1
      total = total + (tn(i, j)*tn(i, j-1) - 0.5d0*tn(i, j+1))
    end do
  end do
  resid = 0.0d0
  if (total > 0.0d0) then
    !$omp parallel do collapse(2) reduction(max:resid)
    do j = 2, m - 1
      do i = 2, n - 1
        resid = max(resid, abs(tn(i, j) - t(i, j)))
      end do
    end do
  end if
end subroutine relax_sum

end module loop_slabs
