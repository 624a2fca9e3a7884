! RUN: forocl check --kernel k %s
subroutine k(n, x, y)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  real, intent(out) :: y(n)
  integer :: i
  !$omp parallel do
  do i = 2, n
    y(i) = back(i)
  end do
contains
  pure real function back(j)
    integer, intent(in) :: j
    back = x(j) - x(j-1)  ! ERROR [function-host-array] "reads array \"x\" of its host \"k\""
  end function back
end subroutine k
