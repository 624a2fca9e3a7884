module m
  implicit none
  type :: vec_t
    real :: x, y
  end type vec_t
contains
  subroutine k(n, p, q)
  !$OFP PURE, KERNEL :: k
    integer, intent(in) :: n
    type(vec_t), intent(in) :: p(n)
    type(vec_t), intent(out) :: q(n)
    integer :: i
    do concurrent (i = 1:n)
      q(i) = p(i)  ! ERROR:7 [derived-type-whole] "structure q is used whole" ERROR:14 [derived-type-whole] "structure p is used whole"
    end do
  end subroutine k
end module m
