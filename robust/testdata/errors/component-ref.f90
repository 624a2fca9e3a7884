module m
  implicit none
  type :: vec_t
    real :: x, y
  end type vec_t
contains
  subroutine k(n, p, o)
  !$OFP PURE, KERNEL :: k
    integer, intent(in) :: n
    type(vec_t), intent(in) :: p(n)
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = p%x(i)  ! ERROR [component-ref] "the subscripts belong on the structure array: write p(...)%x"
    end do
  end subroutine k
end module m
