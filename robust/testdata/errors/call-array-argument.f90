module m
contains
  subroutine row_sum(r, s)
    real, intent(in) :: r
    real, intent(out) :: s
    s = r
  end subroutine
end module

!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  use m
  integer, intent(in) :: n
  real, intent(in) :: a(n, n)
  real, intent(out) :: b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    call row_sum(a(:, i), b(i))  ! ERROR [call-array-argument] "an array or array section is passed to scalar dummy \"r\" of subroutine \"row_sum\""
  end do
end subroutine
