! A scalar assigned in a FORALL: once for every index value.
!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real, intent(in) :: b(n)
  real :: s
  integer :: i
  forall (i = 1:n)
    s = 2.0  ! ERROR [forall-many-to-one] "to the whole of \"s\""
    a(i) = b(i)
  end forall
end subroutine k
