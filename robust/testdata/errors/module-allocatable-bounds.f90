module fields
  implicit none
  real, allocatable :: h(:)
  !^ WARNING:24 [module-allocatable-bounds] "allocatable module array \"h\" is taken as allocated from lower bound 1 in every dimension"
end module fields

subroutine k(n, b)
!$OFP PURE, KERNEL :: k
  use fields
  integer, intent(in) :: n
  real, intent(out) :: b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    b(i) = 2*h(i)
  end do
end subroutine k
