module m
  implicit none
  type :: vec_t
    real :: x_, y
  end type vec_t
contains
  subroutine k(n, p, o)
  !$OFP PURE, KERNEL :: k
    integer, intent(in) :: n
    type(vec_t), intent(in) :: p(n)  ! ERROR [component-name] "\"x_\" has \"__\" in it or ends with \"_\""
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = p(i)%x_ + p(i)%y
    end do
  end subroutine k
end module m
