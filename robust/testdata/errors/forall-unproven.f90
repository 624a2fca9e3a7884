! A scatter through an index array: Fortran requires distinct values.
!$OFP PURE, KERNEL :: scatter
subroutine scatter(n, idx, a, b)
  integer, intent(in) :: n
  integer, intent(in) :: idx(n)
  real, intent(inout) :: a(n)
  real, intent(in) :: b(n)
  integer :: i
  forall (i = 1:n) a(idx(i)) = b(i)  ! WARNING [forall-unproven] "writes each element of \"a\" once"
end subroutine scatter
