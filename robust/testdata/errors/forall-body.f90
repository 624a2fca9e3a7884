! Only assignments, FORALL and WHERE may appear in a FORALL.
!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real, intent(in) :: b(n)
  integer :: i
  forall (i = 1:n)
    a(i) = b(i)
    if (b(i) > 1.0) a(i) = 0.0  ! ERROR [forall-body] "only assignments, FORALL and WHERE"
  end forall
end subroutine k
