!$OFP PURE, KERNEL :: scale
subroutine scale(n, s, a, b)
  integer :: n
  real :: s
  real :: a(n), b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(s)  ! ERROR [loop-subscript] "subscript of \"a\" is real(4), expected a scalar integer"
  end do
end subroutine scale
