! A time loop around a nest, no directive: the loop over it writes the
! same elements every trip, so the whole runs serially.
!$OFP PURE, KERNEL :: relax
subroutine relax(n, nt, a, b)
  integer :: n, nt
  real :: a(n), b(n)
  integer :: j, it
  do it = 1, nt  ! WARNING [loop-serial] "different iterations may write the same element of \"b\""
    do j = 1, n
      b(j) = 0.5*a(j)
    end do
  end do
end subroutine relax
