module fields
  implicit none
  real, pointer :: h(:)
  real :: w(10)
end module fields

subroutine k(n, b)
!$OFP PURE, KERNEL :: k
  use fields
  integer, intent(in) :: n
  real, intent(out) :: b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    b(i) = w(1)*h(i)  ! ERROR:17 [module-allocatable] "module array \"h\" is a pointer"
  end do
end subroutine k
