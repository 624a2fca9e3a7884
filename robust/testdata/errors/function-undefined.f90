! RUN: forocl check --kernel k %s
subroutine k(n, x, y)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  real, intent(out) :: y(n)
  real, external :: limiter
  integer :: i
  !$omp parallel do
  do i = 1, n
    y(i) = limiter(x(i))  ! ERROR [function-undefined] "none of the files given defines a function \"limiter\""
  end do
end subroutine k
