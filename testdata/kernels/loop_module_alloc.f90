! Allocatable module arrays in loop kernels (Note [allocatable module
! arrays] in sema/modalloc.go), as ftt-research's CAFe error.F90 writes
! its Err: each is a parameter of the kernel taken as an assumed-shape
! array from lower bound 1, its extents sizes of their own; the host
! writes an element of one after the nest, as the serial program does.
module loop_module_alloc_data
  implicit none
  real, allocatable :: resid(:,:) ! WARNING [module-allocatable-bounds]
  real(8), allocatable :: coef(:) ! WARNING [module-allocatable-bounds]
end module loop_module_alloc_data

module loop_module_alloc_mod
  implicit none
contains

!$OFP PURE, KERNEL :: residual
subroutine residual(m, n, h, a)
  use loop_module_alloc_data
  implicit none
  integer, intent(in) :: m, n, h
  real, intent(in) :: a(1:m+2*h, 1:n+2*h)
  integer :: i, j
  do j = 1+h, n+h
    do i = 1+h, m+h
      resid(i, j) = (-a(i-1, j) - a(i+1, j) - a(i, j-1) - a(i, j+1)) + 4*a(i, j)
    end do
  end do
  write(6, *) resid(1+h, 1+h)
end subroutine residual

!$OFP PURE, KERNEL :: weigh_rows
subroutine weigh_rows(a)
  use loop_module_alloc_data
  implicit none
  real, intent(inout) :: a(:)
  integer :: i
  do concurrent (i = 1:size(a))
    a(i) = real(coef(1)*a(i) + coef(size(coef)))
  end do
end subroutine weigh_rows
end module loop_module_alloc_mod
