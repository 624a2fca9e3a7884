!$OFP PURE, KERNEL :: split
subroutine split(n, a, b)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(i) + &
  !$omp barrier
  !^ ERROR:3 [directive-in-statement] "cannot stand between the lines of a continued statement"
      1.0
  end do
end subroutine split
