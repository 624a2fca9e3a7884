!$OFP PURE, KERNEL :: odd_cells
subroutine odd_cells(n, a)
  integer :: n
  real :: a(n)
  a(1:n:2) = 0.0  ! ERROR [loop-bound] "the extent of section a(1:n:2) is not affine"
end subroutine odd_cells
