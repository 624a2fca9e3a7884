module m
contains
  subroutine inner(x)
    real, intent(inout) :: x
    x = 2.0*x
  end subroutine
  subroutine outer(x)
    real, intent(inout) :: x
    call inner(x)
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
    call outer(b(i))  ! ERROR [call-subroutine-nested] "subroutine \"outer\" calls subroutine \"inner\""
  end do
end subroutine
