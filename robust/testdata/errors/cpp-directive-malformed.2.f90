#ifdef
!^ ERROR:7 [cpp-directive-malformed] "#ifdef needs a macro name"
#endif
#include
!^ ERROR:9 [cpp-directive-malformed] "#include needs a file name"
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
