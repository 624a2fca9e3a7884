! A scalar set up between the nests with EXP: the host runs it, and Go's
! and gfortran's EXP may differ in the last bit, so forocl refuses it
! rather than give an answer that is not gfortran's.
!$OFP PURE, KERNEL :: decay
subroutine decay(n, rate, a, b)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: rate
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  real :: f
  f = exp(-rate)  ! ERROR [host-expr] "a call of exp, which the host does not evaluate exactly"
  !$omp parallel do
  do i = 1, n
    b(i) = f*a(i)
  end do
end subroutine decay
