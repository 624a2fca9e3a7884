module scale_mod
  implicit none
contains
  subroutine scale(n, a, b)
    integer, intent(in) :: n
    real(8), intent(in) :: a(n)
    real(8), intent(out) :: b(n)
    integer :: i
    do i = 1, n
#include "scale.h"
    end do
  end subroutine scale
end module scale_mod
