! RUN: forocl check --kernel k %s
real function noisy(x)
  implicit none
  real, intent(in) :: x
  print *, x
  noisy = x + 1.0
end function noisy

subroutine k(n, x, y)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  real, intent(out) :: y(n)
  real, external :: noisy
  integer :: i
  !$omp parallel do
  do i = 1, n
    y(i) = noisy(x(i))  ! ERROR [function-side-effect] "function \"noisy\" does output"
  end do
end subroutine k
