module m
  implicit none
  type :: field_t
    integer :: lb(2)
    real, allocatable :: data(:,:)
  contains
    procedure, private, pass(self) :: assign_dble, assign_real
    generic :: assignment(=) => assign_dble, assign_real
  end type field_t
contains
  pure subroutine assign_dble(self, a)
    class(field_t), intent(in out) :: self
    real(8), intent(in) :: a
    self%data = a
  end subroutine assign_dble

  pure subroutine assign_real(self, a)
    class(field_t), intent(in out) :: self
    real, intent(in) :: a
    self%data = a
  end subroutine assign_real

  !$OFP PURE, KERNEL :: reset
  pure type(field_t) function reset(self, s) result(res)
    class(field_t), intent(in) :: self
    real, intent(in) :: s
    res = self
    res = 2*s  ! ERROR:5 [struct-assign-generic] "2 of its specific subroutines take this right side"
  end function reset
end module m
