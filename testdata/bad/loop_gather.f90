! expect: subscript of "a" is not affine in the loop indices: it has an element of array "idx" (a gather through an index array)
!$OFP PURE, KERNEL :: gather
subroutine gather(n, idx, a, b)
  integer :: n
  integer :: idx(n)
  real :: a(n), b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(idx(i))
  end do
end subroutine gather
