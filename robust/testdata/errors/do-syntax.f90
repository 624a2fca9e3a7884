!$OFP PURE, KERNEL :: bad_header
subroutine bad_header(n, a)
  integer :: n
  real :: a(n)
  integer :: i
  do concurrent (i = 1:n)
    a(i) = 0
  end do
  do i = 1  ! ERROR [do-syntax] "a DO loop takes a first value, a last value and an optional step"
    a(i) = 1
  end do
end subroutine bad_header
