! Host statements the host cannot evaluate as gfortran does (EXP, SIN and
! LOG of reals): each runs on the device as a one-iteration nest whose
! value comes back to the host (Note [device scalars] in sema/hostproc.go),
! in an assignment, an IF condition around nests and a WRITE item.
!$OFP PURE, KERNEL :: decay
subroutine decay(n, rate, a, b, big)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: rate
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  logical, intent(out) :: big
  integer :: i
  real :: f
  f = exp(-rate)
  big = .false.
  if (sin(rate) > 0.25) then
    big = .true.
    !$omp parallel do
    do i = 1, n
      b(i) = f*a(i)
    end do
  else
    !$omp parallel do
    do i = 1, n
      b(i) = -f*a(i)
    end do
  end if
  write(*,*) 'factor', f, log(f), big
end subroutine decay
