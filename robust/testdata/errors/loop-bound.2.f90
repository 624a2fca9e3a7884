!$OFP PURE, KERNEL :: odd_cells_down
subroutine odd_cells_down(n, a)
  integer :: n
  real :: a(n)
  a(n:1:-2) = 0.0  ! ERROR [loop-bound] "the extent of section a(n:1:-2) is not affine"
end subroutine odd_cells_down
