! cshift in array assignments of loop kernels (Note [cshift] in
! sema/cshift.go): the periodic differences of textbook shallow-water
! codes, along either dimension, of a section with a run-time shift,
! and inside a sum.
module periodic_ops
  implicit none
contains
  !$OFP PURE, KERNEL :: upwind
  pure function upwind(x) result(dx)
    real, intent(in) :: x(:)
    real :: dx(size(x))
    dx = x - cshift(x, -1)
  end function upwind

  !$OFP PURE, KERNEL :: laplacian
  pure function laplacian(h) result(d)
    real(8), intent(in) :: h(:,:)
    real(8) :: d(size(h, 1), size(h, 2))
    d = cshift(h, 1) + cshift(h, -1) + cshift(h, 1, dim=2) + cshift(h, shift=-1, dim=2) - 4*h
  end function laplacian

  !$OFP PURE, KERNEL :: rotate_rows
  subroutine rotate_rows(n, m, k, a, b, s)
    integer, intent(in) :: n, m, k
    real, intent(in) :: a(n, m)
    real, intent(out) :: b(n, m), s
    b = 0
    b(2:n-1, :) = cshift(a(2:n-1, :), k)
    s = sum(a * cshift(a, 2, 2))
  end subroutine rotate_rows
end module periodic_ops
