! A transpose: permuted subscripts, arrays of different shapes.
!$OFP PURE, KERNEL :: transpose2
subroutine transpose2(n, m, a, b)
  implicit none
  integer :: n, m
  real, dimension(n, m) :: a
  real, dimension(m, n) :: b
  integer :: i, j
  !$omp parallel do collapse(2)
  do j = 1, m
    do i = 1, n
      b(j, i) = a(i, j)
    end do
  end do
end subroutine transpose2
