module m
contains
  subroutine spread3(x, s)
    real, intent(in) :: x
    real, intent(out) :: s
    real :: w(3)
    w = [x, 2.0*x, 3.0*x]
    s = sum(w)
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
    call spread3(a(i), b(i))  ! ERROR [call-array-argument] "subroutine \"spread3\" has local array \"w\""
  end do
end subroutine
