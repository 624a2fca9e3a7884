program forms
  use scale_mod, only: scale
  use twice_mod, only: twice
  use square_mod, only: sq
  implicit none
  integer, parameter :: n = 1000
  real(8) :: a(n), b(n), c(n)
  integer :: i
  do i = 1, n
    a(i) = 0.001d0 * i
  end do
  call scale(n, a, b)
  call twice(n, b, c)
  print '(3es24.16)', sum(b), sum(c), sq(c(n))
end program forms
