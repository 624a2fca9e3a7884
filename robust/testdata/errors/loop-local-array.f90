! A local array of a loop kernel with constant bounds is private to each
! iteration: they must be small together. One sized by dummies is an automatic array
! of rank 1 to 3.
!$OFP PURE, KERNEL :: smooth
subroutine smooth(n, a, b)
  integer :: n
  real :: a(n), b(n)
  real :: work(n, n, n, n)  ! ERROR [loop-local-array] "automatic array \"work\" has rank 4"
  real :: big(100, 100)  ! ERROR [loop-local-array] "local array \"big\" takes the kernel's private arrays past 8192 bytes"
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(i)
  end do
end subroutine smooth
