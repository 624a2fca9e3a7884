! A local array of a loop kernel with constant bounds is private to each
! iteration: it must be small. One sized by dummies is an automatic array
! of rank 1 to 3.
!$OFP PURE, KERNEL :: smooth
subroutine smooth(n, a, b)
  integer :: n
  real :: a(n), b(n)
  real :: work(n, n, n, n)  ! ERROR [loop-local-array] "automatic array \"work\" has rank 4"
  real :: big(100, 100)  ! ERROR [loop-local-array] "local array \"big\" has more than 4096 elements"
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(i)
  end do
end subroutine smooth
