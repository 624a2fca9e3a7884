#include "no-such-params.h"
!^ ERROR:10 [cpp-include-not-found] "#include file \"no-such-params.h\" not found"
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
