! Two subroutines that call each other: the inlined chain would not end.
module m
contains
  subroutine ping(x)
    real, intent(inout) :: x
    if (x > 1.0) call pong(x)
  end subroutine
  subroutine pong(x)
    real, intent(inout) :: x
    x = 0.5*x
    call ping(x)  ! ERROR [recursion] "subroutine \"ping\" is recursive"
  end subroutine
end module

!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  use m
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    b(i) = a(i)
    call ping(b(i))
  end do
end subroutine
