! A WRITE to a file unit between the nests of a loop kernel: the host
! writes only to standard output and standard error.
!$OFP PURE, KERNEL :: log_sum
subroutine log_sum(n, a, s)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: s
  integer :: i
  s = 0
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + a(i)
  end do
  write(10,*) 'sum', s  ! ERROR [host-write] "this unit would be a file"
end subroutine log_sum
