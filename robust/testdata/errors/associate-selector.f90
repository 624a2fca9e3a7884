! Fortran evaluates an ASSOCIATE's expression selector once, on entry;
! the block assigns what it reads, so writing it in place of the name
! would change its value (Note [associate]).
subroutine k(n, s, a)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n
  real, intent(in) :: s
  real, intent(inout) :: a(n)
  associate (first => a(1) + s)  ! ERROR:23 [associate-selector] "the selector of \"first\" reads \"a\", which the block assigns"
    a = a + first
  end associate
end subroutine k
