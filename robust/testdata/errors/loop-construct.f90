!$OFP PURE, KERNEL :: steps
subroutine steps(n, a)
  integer :: n
  real :: a(n)
  integer :: i
  do while (a(1) < 10.0)  ! ERROR [loop-construct] "DO WHILE and DO without a loop control are not translated in a loop kernel"
    a(1) = a(1) + 1
  end do
  do concurrent (i = 1:n)
    a(i) = 2*a(i)
  end do
end subroutine steps
