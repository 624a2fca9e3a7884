! A FORALL assignment that assigns a(1) for every i: not Fortran.
!$OFP PURE, KERNEL :: last
subroutine last(n, a, b)
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real, intent(in) :: b(n)
  integer :: i
  forall (i = 1:n) a(1) = b(i)  ! ERROR [forall-many-to-one] "does not use the FORALL index \"i\""
end subroutine last
