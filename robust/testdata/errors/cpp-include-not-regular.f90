#include "/dev/null"
!^ ERROR:10 [cpp-include-not-regular] "included file \"/dev/null\" is a character device"
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
