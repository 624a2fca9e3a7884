! Kernel k's OpenCL kernels are k, k_1, k_2, ...: a kernel named k_1 in
! the same file would be one of them.
!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    b(i) = a(i)
  end do
end subroutine k
pure elemental subroutine k_1(x, y)  ! ERROR:1 [host-name-collision] "kernel \"k_1\" is named as an OpenCL kernel of kernel \"k\" (k_1)"
  real, intent(in) :: x
  real, intent(out) :: y
  y = x
end subroutine k_1
