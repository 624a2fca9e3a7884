!$OFP PURE, KERNEL :: unclosed
subroutine unclosed(n, a)
  integer :: n
  real :: a(n)
  integer :: i
  !$omp parallel do private(i
  !^ ERROR [loop-directive-syntax] "unclosed \"(\" in !$omp directive"
  do i = 1, n
    a(i) = 0
  end do
end subroutine unclosed
