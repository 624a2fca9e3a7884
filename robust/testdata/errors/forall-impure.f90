! A FORALL may reference only pure functions.
module m
contains
  real function twice(x)
    real, intent(in) :: x
    twice = 2.0*x
  end function twice
end module m

!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  use m
  integer, intent(in) :: n
  real, intent(out) :: a(n)
  real, intent(in) :: b(n)
  integer :: i
  forall (i = 1:n) a(i) = twice(b(i))  ! ERROR [forall-impure] "\"twice\", which is not declared pure"
end subroutine k
