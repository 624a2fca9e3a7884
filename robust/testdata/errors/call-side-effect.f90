module m
  real :: total = 0.0
contains
  subroutine tally(x)
    real, intent(in) :: x
    total = total + x
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
    call tally(a(i))  ! ERROR [call-side-effect] "subroutine \"tally\" assigns module variable \"total\""
  end do
end subroutine
