module m
  implicit none
  integer, parameter, dimension(2) :: halo = [1, 1, 1]  ! ERROR [array-constant-size] "\"halo\" has 2 elements but its value has 3"
end module m
subroutine k(a, b)
use m
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = region_cpy(a, halo)
end subroutine k
