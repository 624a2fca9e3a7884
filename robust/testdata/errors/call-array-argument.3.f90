module m
contains
  subroutine spread3(x, s)
    real, intent(in) :: x
    real, intent(out) :: s
    real :: w(3)
    w(1) = x
    w(2) = 2.0*x
    w(3) = 3.0*x
    s = sum(w)
  end subroutine
end module

!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  use m
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  call spread3(a(1), b(1))  ! ERROR [call-array-argument] "subroutine \"spread3\" has local array \"w\""
end subroutine
