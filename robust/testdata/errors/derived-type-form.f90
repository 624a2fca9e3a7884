module m
  implicit none
  type :: holder_t
    real, pointer :: v(:)
  end type holder_t
contains
  subroutine k(n, h, o)
  !$OFP PURE, KERNEL :: k
    integer, intent(in) :: n
    type(holder_t), intent(in) :: h  ! ERROR [derived-type-form] "component v is a pointer"
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = real(i)
    end do
  end subroutine k
end module m
