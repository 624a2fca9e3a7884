!$OFP PURE, KERNEL :: scratch
subroutine scratch(n, a, b, t)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n), t
  integer :: i
  !$omp parallel do private(t)
  !^ WARNING:29 [private-dummy] "private(t): the loop assigns a private copy of intent(out) scalar \"t\", which keeps the value it had before the loop, as OpenMP says; gfortran's serial run leaves it the last iteration's value"
  do i = 1, n
    t = 2*a(i)
    b(i) = t + 1
  end do
  t = b(1)
end subroutine scratch
