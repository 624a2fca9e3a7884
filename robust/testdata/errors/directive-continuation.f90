!$OFP PURE, KERNEL :: cut
subroutine cut(n, a, b)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  real :: t
  !$omp parallel do private(i, &
  !^ ERROR:32 [directive-continuation] "the !$omp directive ends with \"&\", but the next line is not an !$omp line"
  do i = 1, n
    t = a(i)
    b(i) = t
  end do
end subroutine cut
