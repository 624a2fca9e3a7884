! RUN: forocl check --kernel smooht %s
!^ ERROR:1 [kernel-flag-unknown] "--kernel smooht names no subroutine in this file"
module m
  implicit none
contains
  subroutine smooth(a, b)
    real, dimension(:), contiguous, intent(in) :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = a
  end subroutine smooth
end module m
