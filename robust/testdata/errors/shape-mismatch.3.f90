!$OFP PURE, KERNEL :: column
subroutine column(nx, ny, x, f)
  integer :: nx, ny
  real :: x(nx), f(nx, ny)
  f(:, 1) = x(1:ny)  ! ERROR [shape-mismatch] "cannot prove that x(1:ny) and f(:, 1) have the same shape: extent ny against nx"
end subroutine column
