module m
  implicit none
  type :: tagged_t
    real :: a(3)
  end type tagged_t
contains
  subroutine k(n, t, o)
  !$OFP PURE, KERNEL :: k
    integer, intent(in) :: n
    type(tagged_t), intent(in) :: t
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = t(1)%a(2)  ! ERROR [component-subscripts] "t%a is subscripted twice"
    end do
  end subroutine k
end module m
