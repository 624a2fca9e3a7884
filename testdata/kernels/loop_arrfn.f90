! Array-valued function references in kernels (Note [array-valued function
! references] in sema/arrfn.go): x = f(args) is written out as f's body
! over temporaries. fdiffx is tsunami's mod_field diffx: an allocatable
! component whose lower bounds are not 1 (-2 and -1 here) is passed to an
! assumed-shape dummy, which rebases it. relax assigns the result to its
! own argument (u = smooth(u, w): the function reads u whole before the
! assignment), and inner a section (v(2:n-1)) with a scalar actual that
! is an expression. clipped has no loop of its own (it would be a kernel of
! the region dialect): its function has an IF and names a module constant
! that the kernel sees too.
module arrfn_diff
  implicit none
  private
  public :: diffx, smooth, clip, half
  real, parameter :: half = 0.5
contains
  pure function diffx(x) result(dx)
    real, intent(in) :: x(:,:)
    real :: dx(size(x, dim=1), size(x, dim=2))
    integer :: im
    im = size(x, dim=1)
    dx = 0
    dx(2:im-1,:) = 0.5 * (x(3:im,:) - x(1:im-2,:))
  end function diffx

  pure function smooth(x, w) result(y)
    real, intent(in) :: x(:), w
    real :: y(size(x))
    integer :: i, n
    n = size(x)
    y(1) = x(1)
    y(n) = x(n)
    do i = 2, n - 1
      y(i) = w * x(i-1) + (1 - 2*w) * x(i) + w * x(i+1)
    end do
  end function smooth

  pure function clip(x, lo) result(y)
    real, intent(in) :: x(:), lo
    real :: y(size(x))
    y = max(x, lo)
    if (lo > 0.25) then
      y = half * y
    end if
  end function clip
end module arrfn_diff

module loop_arrfn_mod
  use arrfn_diff, only: diffx_real => diffx, smooth, clip, half
  implicit none
  type :: Field
    character(:), allocatable :: name
    real, allocatable :: data(:,:)
  end type Field
contains
  !$OFP PURE, KERNEL :: fdiffx
  pure function fdiffx(input_field)
    class(Field), intent(in) :: input_field
    real, allocatable :: fdiffx(:,:)
    fdiffx = diffx_real(input_field % data)
  end function fdiffx

  !$OFP PURE, KERNEL :: relax
  pure subroutine relax(u, w)
    real, intent(in out) :: u(:)
    real, intent(in) :: w
    u = smooth(u, w)
  end subroutine relax

  !$OFP PURE, KERNEL :: inner
  pure subroutine inner(n, a, v, w)
    integer, intent(in) :: n
    real, intent(in) :: a(n-2), w
    real, intent(out) :: v(n)
    v = 0
    v(2:n-1) = smooth(a, 0.5 * w)
  end subroutine inner

  !$OFP PURE, KERNEL :: clipped
  pure subroutine clipped(x, y, w)
    real, intent(in) :: x(:), w
    real, intent(out) :: y(:)
    y = clip(x, w)
  end subroutine clipped
end module loop_arrfn_mod
