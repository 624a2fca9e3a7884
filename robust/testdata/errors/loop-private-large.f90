! A local array of a loop kernel over 64 elements is private to each
! work-item in private memory: right, but slow on GPUs.
!$OFP PURE, KERNEL :: hist
subroutine hist(n, a, b)
  integer :: n
  real :: a(n), b(n)
  real :: work(100)  ! WARNING [loop-private-large] "local array \"work\" has 100 elements"
  integer :: i, m
  do concurrent (i = 1:n)
    do m = 1, 100
      work(m) = a(i)*m
    end do
    b(i) = work(100) - work(1)
  end do
end subroutine hist
