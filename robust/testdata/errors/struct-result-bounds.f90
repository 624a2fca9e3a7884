module m
  implicit none
  type :: field_t
    integer :: lb(2)
    real, allocatable :: data(:,:)
  end type field_t
contains
  !$OFP PURE, KERNEL :: corner
  pure type(field_t) function corner(self) result(res)
    class(field_t), intent(in) :: self
    res%lb = self%lb
    res%data(1, 1) = self%data(1, 1)  ! ERROR:5 [struct-result-bounds] "no assignment of a whole value"
  end function corner
end module m
