module m
contains
  subroutine twice(x)
    real, intent(inout) :: x
    x = 2.0*x
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
    call twice(a(i) + 1.0)  ! ERROR [call-actual-not-variable] "argument 1 of subroutine \"twice\" is assigned by the subroutine"
  end do
end subroutine
