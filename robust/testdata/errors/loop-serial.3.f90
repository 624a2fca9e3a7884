! An update in place under OpenMP: each iteration reads its neighbours,
! which other iterations write. The directive asserts independence, but
! gfortran's serial answer depends on the order, so forocl runs the loop
! in order on one work-item.
!$OFP PURE, KERNEL :: smooth_in_place
subroutine smooth_in_place(n, a)
  integer :: n
  real :: a(0:n+1)
  integer :: i
  !$omp parallel do
  do i = 1, n  ! WARNING [loop-serial] "iterations may read \"a\" at 12:17 while others write it at 12:5; the directive asserts"
    a(i) = 0.5*(a(i-1) + a(i+1))
  end do
end subroutine smooth_in_place
