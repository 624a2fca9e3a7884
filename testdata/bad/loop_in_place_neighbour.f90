!$OFP PURE, KERNEL :: smooth_in_place
subroutine smooth_in_place(n, a)
  integer :: n
  real :: a(0:n+1)
  integer :: i
  !$omp parallel do
  do i = 1, n
    a(i) = 0.5*(a(i-1) + a(i+1))  ! ERROR:17 [loop-in-place] "may read \"a\" at 8:17 while others write it at 8:5"
  end do
end subroutine smooth_in_place
