! Subroutine calls nest 9 deep: forocl inlines 8 levels.
module m
contains
  subroutine s1(x)
    real, intent(inout) :: x
    call s2(x)
  end subroutine
  subroutine s2(x)
    real, intent(inout) :: x
    call s3(x)
  end subroutine
  subroutine s3(x)
    real, intent(inout) :: x
    call s4(x)
  end subroutine
  subroutine s4(x)
    real, intent(inout) :: x
    call s5(x)
  end subroutine
  subroutine s5(x)
    real, intent(inout) :: x
    call s6(x)
  end subroutine
  subroutine s6(x)
    real, intent(inout) :: x
    call s7(x)
  end subroutine
  subroutine s7(x)
    real, intent(inout) :: x
    call s8(x)
  end subroutine
  subroutine s8(x)
    real, intent(inout) :: x
    call s9(x)  ! ERROR [call-subroutine-nested] "this call of subroutine \"s9\" is nested 9 calls deep"
  end subroutine
  subroutine s9(x)
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
    call s1(b(i))
  end do
end subroutine
