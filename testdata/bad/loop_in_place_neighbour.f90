! expect: iterations of the parallel loop may read "a" at 10:17 while others write it at 10:5
!$OFP PURE, KERNEL :: smooth_in_place
subroutine smooth_in_place(n, a)
  integer :: n
  real :: a(0:n+1)
  integer :: i
  real :: t
  !$omp parallel do private(t)
  do i = 1, n
    a(i) = 0.5*(a(i-1) + a(i+1))
  end do
end subroutine smooth_in_place
