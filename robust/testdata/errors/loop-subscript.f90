!$OFP PURE, KERNEL :: gather
subroutine gather(n, idx, a, b)
  integer :: n
  integer :: idx(n)
  real :: a(n), b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(idx(i))  ! ERROR [loop-subscript] "it has an element of array \"idx\" (a gather through an index array)"
  end do
end subroutine gather
