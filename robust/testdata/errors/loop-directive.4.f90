!$OFP PURE, KERNEL :: scratch
subroutine scratch(n, a, b, t)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n), t
  integer :: i
  t = 1
  !$omp parallel do firstprivate(t)
  !^ ERROR:34 [loop-directive] "firstprivate(t) of intent(out) scalar \"t\" is not supported: each iteration would start from the value it has before the loop"
  do i = 1, n
    t = 2*a(i)
    b(i) = t
  end do
end subroutine scratch
