! Array-valued pure functions as kernels (Note [function kernels] in
! sema/kernelfn.go), in the textbook style: the result is an explicit-shape
! array sized by size() of an assumed-shape dummy, and a local extent
! (im = size(x)) bounds the sections. The result is the kernel's output.
module grad_ops
  implicit none
contains
  !$OFP PURE, KERNEL :: centred_diff
  pure function centred_diff(x) result(dx)
    real, intent(in) :: x(:)
    real :: dx(size(x))
    integer :: im
    im = size(x)
    dx(1) = x(2) - x(im)
    dx(im) = x(1) - x(im-1)
    dx(2:im-1) = x(3:im) - x(1:im-2)
    dx = 0.5*dx
  end function centred_diff

  !$OFP PURE, KERNEL :: grad_y
  pure function grad_y(h, dy) result(g)
    real(8), intent(in) :: h(:,:), dy
    real(8) :: g(size(h, dim=1), size(h, dim=2))
    integer :: jm
    jm = size(h, dim=2)
    g = 0
    g(:,2:jm-1) = (h(:,3:jm) - h(:,1:jm-2))/(2*dy)
  end function grad_y
end module grad_ops
