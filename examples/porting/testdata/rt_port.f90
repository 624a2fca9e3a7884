! rt_port: rt_kernels.f90's procedures as forocl port writes them: each
! launches its kernel through rt_kernels_cl, between forocl_port_enter and
! forocl_port_exit for each array, and runs its Fortran when
! forocl_port_device() is false (FOROCL_DEVICE=host).
module rt_kernels_port
  use forocl_cl
  use rt_kernels_cl, only: smooth_cl, total_cl, scale2_cl, count3_cl, pick_cl
  implicit none
contains

  subroutine smooth(n, a, b)
    integer, intent(in) :: n
    real(8), intent(in) :: a(0:n+1)
    real(8), intent(inout) :: b(0:n+1)
    type(forocl_array) :: fa, fb
    integer :: i
    if (.not. forocl_port_device()) then
      do i = 1, n
        b(i) = 0.25d0*(a(i-1) + 2d0*a(i) + a(i+1))
      end do
      return
    end if
    call forocl_port_enter(fa, a, forocl_in, 'smooth', 'a')
    call forocl_port_enter(fb, b, forocl_out, 'smooth', 'b')
    call smooth_cl(n, fa, fb)
    call forocl_port_exit(fa, a, forocl_in)
    call forocl_port_exit(fb, b, forocl_out)
  end subroutine smooth

  subroutine total(n, a, s)
    integer, intent(in) :: n
    real(8), intent(in) :: a(0:n+1)
    real(8), intent(out) :: s
    type(forocl_array) :: fa
    integer :: i
    if (.not. forocl_port_device()) then
      s = 0d0
      do i = 1, n
        s = s + a(i)
      end do
      return
    end if
    call forocl_port_enter(fa, a, forocl_in, 'total', 'a')
    call total_cl(n, fa, s)
    call forocl_port_exit(fa, a, forocl_in)
  end subroutine total

  subroutine scale2(nx, ny, f, w)
    integer, intent(in) :: nx, ny
    real(4), intent(inout) :: f(-1:nx+2, -1:ny+2)
    real(4), intent(in) :: w
    type(forocl_array) :: ff
    integer :: i, j
    if (.not. forocl_port_device()) then
      do j = 1, ny
        do i = 1, nx
          f(i, j) = w*f(i, j) + 1.0
        end do
      end do
      return
    end if
    call forocl_port_enter(ff, f, forocl_inout, 'scale2', 'f')
    call scale2_cl(nx, ny, ff, w)
    call forocl_port_exit(ff, f, forocl_inout)
  end subroutine scale2

  subroutine count3(n, m, c, lim)
    integer, intent(in) :: n
    integer(8), intent(in) :: m(n, n, n)
    integer, intent(inout) :: c(n, n, n)
    integer(8), intent(in) :: lim
    type(forocl_array) :: fm, fc
    if (.not. forocl_port_device()) then
      where (m > lim) c = c + 1
      return
    end if
    call forocl_port_enter(fm, m, forocl_in, 'count3', 'm')
    call forocl_port_enter(fc, c, forocl_inout, 'count3', 'c')
    call count3_cl(n, fm, fc, lim)
    call forocl_port_exit(fm, m, forocl_in)
    call forocl_port_exit(fc, c, forocl_inout)
  end subroutine count3

  subroutine pick(n, fields, a, b, e)
    integer, intent(in) :: n
    integer, intent(in) :: fields(:)   ! assumed shape, as CloverLeaf's update_halo_kernel's
    real(8), intent(inout) :: a(0:n+1), b(0:n+1)
    real(8), intent(out) :: e(4)
    type(forocl_array) :: ffields, fa, fb, fe
    if (.not. forocl_port_device()) then
      if (fields(1) == 1) a(1:n) = a(1:n) + 1d0
      if (fields(2) == 1) b(1:n) = b(1:n) + 2d0
      e = a(1:4) + 10d0*b(1:4)
      return
    end if
    call forocl_port_enter(ffields, fields, forocl_in, 'pick', 'fields')
    call forocl_port_enter(fa, a, forocl_inout, 'pick', 'a')
    call forocl_port_enter(fb, b, forocl_inout, 'pick', 'b')
    call forocl_port_enter(fe, e, forocl_out, 'pick', 'e')
    call pick_cl(n, ffields, fa, fb, fe)
    call forocl_port_exit(ffields, fields, forocl_in)
    call forocl_port_exit(fa, a, forocl_inout)
    call forocl_port_exit(fb, b, forocl_inout)
    call forocl_port_exit(fe, e, forocl_out)
  end subroutine pick
end module rt_kernels_port
