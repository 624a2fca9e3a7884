!$OFP PURE, KERNEL :: scale_rows
subroutine scale_rows(n, m, a)
  integer :: n, m
  real :: a(n*m)  ! ERROR [loop-bound] "upper bound 1 of \"a\" is not affine in the kernel's integer scalar dummies: it has a product of two variables"
  integer :: i
  do concurrent (i = 1:n)
    a(i) = 2*a(i)
  end do
end subroutine scale_rows
