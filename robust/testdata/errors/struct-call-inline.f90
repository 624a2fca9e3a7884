module m
  implicit none
  type :: field_t
    integer :: lb(2)
    real, allocatable :: data(:,:)
  end type field_t
contains
  pure subroutine copy_scaled(target, source)
    type(field_t), intent(in out) :: target
    type(field_t), intent(in) :: source
    real :: w
    w = 2
    target%lb = source%lb
    target%data = w*source%data
  end subroutine copy_scaled

  !$OFP PURE, KERNEL :: twice
  pure type(field_t) function twice(self) result(res)
    class(field_t), intent(in) :: self
    res%lb = self%lb
    call copy_scaled(res, self)  ! ERROR:5 [struct-call-inline] "it declares the local \"w\""
  end function twice
end module m
