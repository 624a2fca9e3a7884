! A local array of a loop kernel is private to each iteration: it must
! be small, with constant bounds.
!$OFP PURE, KERNEL :: smooth
subroutine smooth(n, a, b)
  integer :: n
  real :: a(n), b(n)
  real :: work(n)  ! ERROR [loop-local-array] "bound 1 of local array \"work\" is not a constant"
  real :: big(100, 100)  ! ERROR [loop-local-array] "local array \"big\" has more than 4096 elements"
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(i)
  end do
end subroutine smooth
