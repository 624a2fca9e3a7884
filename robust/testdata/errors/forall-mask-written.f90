! The mask is evaluated once, before the construct's first assignment.
!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  integer, intent(in) :: n
  real, intent(inout) :: a(n), b(n)
  integer :: i
  forall (i = 1:n, a(i) > 1.0)  ! ERROR [forall-mask-written] "reads \"a\""
    a(i) = -a(i)
    b(i) = a(i)
  end forall
end subroutine k
