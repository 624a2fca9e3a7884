! RUN: forocl check --kernel k %s
module counters
  implicit none
  integer :: calls = 0
contains
  real function twice(x)
    real, intent(in) :: x
    calls = calls + 1
    twice = 2.0*x
  end function twice
end module counters

subroutine k(n, x, y)
  use counters
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  real, intent(out) :: y(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    y(i) = twice(x(i))  ! ERROR [function-side-effect] "function \"twice\" assigns module variable \"calls\""
  end do
end subroutine k
