!$OFP PURE, KERNEL :: steps
subroutine steps(n, a)
  integer :: n
  real :: a(n)
  integer :: i, t
  do t = 1, 3  ! ERROR [loop-construct] "DO loop outside a parallel nest in a loop kernel"
    a(1) = a(1) + 1
  end do
  do concurrent (i = 1:n)
    a(i) = 2*a(i)
  end do
end subroutine steps
