! Allocatable components (modern-fortran/tsunami's Field; Note
! [allocatable components] in sema/types.go): class(Field) is type(Field)
! when no type extends it; the character component is never a kernel
! parameter; self%data is an assumed-shape array whose lower bounds are
! the dummies self%data%lb1 and self%data%lb2 (forocl run --set them), so
! a field allocated as data(0:n+1, 0:m+1) keeps its bounds; components a
! kernel never names are no parameters. Elements of the intent(in)
! integer array components lb and ub bound a parallel loop (Note [element
! bounds] in sema/elembounds.go).
! test input: self%lb values in 1:2
! test input: self%ub values in 2:3
module loop_field_mod
  implicit none
  type :: Field
    character(:), allocatable :: name
    integer :: lb(2), ub(2)
    real, allocatable :: data(:,:)
  contains
    procedure, pass(self) :: set_gaussian
    procedure, private, pass(self) :: assign_real_scalar
    generic :: assignment(=) => assign_real_scalar
  end type Field
contains
  !$OFP PURE, KERNEL :: assign_real_scalar
  pure subroutine assign_real_scalar(self, a)
    class(Field), intent(in out) :: self
    real, intent(in) :: a
    self % data = a
  end subroutine assign_real_scalar

  !$OFP PURE, KERNEL :: set_gaussian
  pure subroutine set_gaussian(self, decay, ic, jc)
    class(Field), intent(in out) :: self
    real, intent(in) :: decay
    integer, intent(in) :: ic, jc
    integer :: i, j
    do concurrent(i = lbound(self % data, 1):ubound(self % data, 1), &
                  j = lbound(self % data, 2):ubound(self % data, 2))
      self % data(i, j) = exp(-decay * ((i - ic)**2 + (j - jc)**2))
    end do
  end subroutine set_gaussian

  !$OFP PURE, KERNEL :: scale_tile
  pure subroutine scale_tile(self, s)
    class(Field), intent(in out) :: self
    real, intent(in) :: s
    integer :: i, j
    do concurrent (i = self % lb(1):self % ub(1), j = self % lb(2):self % ub(2))
      self % data(i, j) = s * self % data(i, j) + real(i - j)
    end do
  end subroutine scale_tile

  !$OFP PURE, KERNEL :: add_field
  pure subroutine add_field(self, f, w)
    type(Field), intent(in out) :: self
    type(Field), intent(in) :: f
    real, intent(in) :: w
    self % data = self % data + w * f % data
  end subroutine add_field
end module loop_field_mod
