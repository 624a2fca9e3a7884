!$OFP PURE, KERNEL :: fill
subroutine fill(n, a)
  integer, intent(in) :: n
  real, allocatable, intent(inout) :: a(:)
  !^ WARNING:39 [allocatable-dummy] "allocatable dummy \"a\" is taken as an array allocated from lower bound 1 in every dimension; a caller whose array starts elsewhere would see its elements shifted"
  integer :: i
  do i = 1, n
    a(i) = i
  end do
end subroutine fill
