! Field operators (modern-fortran/tsunami's mod_field, chapters 8-10;
! Note [whole structures] in sema/wholestruct.go): a function whose
! result is a type(Field) with an allocatable component is a kernel whose
! outputs are the result's components. res = self assigns every
! component (res%data allocated with self%data's bounds, the character
! component name a host value the kernel drops); res = array goes through
! the generic assignment(=) to assign_array, chosen by rank; call
! from_field(res, self) is written out over the components; a result
! component assigned an expression first has lower bounds 1. Edged has a
! defined assignment of structures (as tsunami's ch10 Field, whose
! assign_field exchanges halos): res = self calls it, and the serial run
! copies the function's value per component, not through it.
module loop_field_ops_mod
  implicit none
  type :: Field
    character(:), allocatable :: name
    integer :: lb(2), ub(2)
    integer :: edge_size
    real, allocatable :: data(:,:)
  contains
    procedure, private, pass(self) :: assign_array, assign_const_int, assign_const_real
    generic :: assignment(=) => assign_array, assign_const_int, assign_const_real
  end type Field

  type :: Edged
    integer :: lb(2)
    real, allocatable :: data(:,:)
  contains
    procedure, private, pass(self) :: assign_edged
    generic :: assignment(=) => assign_edged
  end type Edged
contains
  pure subroutine copy_edged(target, source)
    type(Edged), intent(in out) :: target
    type(Edged), intent(in) :: source
    target % lb = source % lb
    target % data = source % data
  end subroutine copy_edged

  ! the defined assignment: a copy, then its first row zeroed
  pure subroutine assign_edged(self, f)
    class(Edged), intent(in out) :: self
    class(Edged), intent(in) :: f
    call copy_edged(self, f)
    self % data(lbound(self % data, 1), :) = 0
  end subroutine assign_edged

  ! through copy_edged only: the result's first row keeps its values
  !$OFP PURE, KERNEL :: edged_scale
  pure type(Edged) function edged_scale(self, s) result(res)
    class(Edged), intent(in) :: self
    real, intent(in) :: s
    call copy_edged(res, self)
    res % data = s * self % data
  end function edged_scale

  ! res = self is the defined assignment: its first row is zero
  !$OFP PURE, KERNEL :: edged_copy
  pure type(Edged) function edged_copy(self) result(res)
    class(Edged), intent(in) :: self
    res = self
  end function edged_copy

  pure subroutine assign_array(self, a)
    class(Field), intent(in out) :: self
    real, intent(in) :: a(:,:)
    self % data = a
  end subroutine assign_array

  pure subroutine assign_const_int(self, a)
    class(Field), intent(in out) :: self
    integer, intent(in) :: a
    self % data = a + 1
  end subroutine assign_const_int

  pure subroutine assign_const_real(self, a)
    class(Field), intent(in out) :: self
    real, intent(in) :: a
    self % data = a
  end subroutine assign_const_real

  pure subroutine from_field(target, source)
    type(Field), intent(in out) :: target
    type(Field), intent(in) :: source
    target % name = source % name
    target % lb = source % lb
    target % ub = source % ub
    target % edge_size = source % edge_size
    target % data = source % data
  end subroutine from_field

  ! ch08: res = self, then the generic assignment of an array
  !$OFP PURE, KERNEL :: field_add_field
  pure type(Field) function field_add_field(self, f) result(res)
    class(Field), intent(in) :: self, f
    res = self
    res = self % data + f % data
  end function field_add_field

  ! ch08 with a scalar: the generic assignment of a rank-2 product
  !$OFP PURE, KERNEL :: field_div_real
  pure type(Field) function field_div_real(self, x) result(res)
    class(Field), intent(in) :: self
    real, intent(in) :: x
    res = self
    res = self % data / x
  end function field_div_real

  ! ch10: whole structures through from_field, then a component
  !$OFP PURE, KERNEL :: field_sub_array
  pure type(Field) function field_sub_array(self, x) result(res)
    class(Field), intent(in) :: self
    real, intent(in) :: x(:,:)
    call from_field(res, self)
    res % data = self % data - 2 * x
  end function field_sub_array

  ! res%data keeps self%data's bounds: the loop over them indexes both
  !$OFP PURE, KERNEL :: field_shift
  pure type(Field) function field_shift(self, s) result(res)
    class(Field), intent(in) :: self
    real, intent(in) :: s
    integer :: i, j
    res = self
    do concurrent (i = lbound(res % data, 1):ubound(res % data, 1), &
                   j = lbound(res % data, 2):ubound(res % data, 2))
      res % data(i, j) = self % data(i, j) + s * real(i - 2 * j)
    end do
  end function field_shift

  ! an expression first: res%data has lower bounds 1; then the generic
  ! assignment of a real scalar (assign_const_real, chosen by rank and
  ! type) fills it,
  ! and a loop over its interior indexes it from 1
  !$OFP PURE, KERNEL :: field_fill
  pure type(Field) function field_fill(self, s) result(res)
    class(Field), intent(in) :: self
    real, intent(in) :: s
    integer :: i, j
    res % lb = self % lb
    res % data = 2 * self % data
    res = s
    do concurrent (i = 2:ubound(res % data, 1) - 1, j = 2:ubound(res % data, 2) - 1)
      res % data(i, j) = s * real(i + 10 * j)
    end do
  end function field_fill

  ! the generic assignment of an integer (assign_const_int, which adds 1)
  ! after a copy: the copy stays, as the scalar does not have its shape
  !$OFP PURE, KERNEL :: field_three
  pure type(Field) function field_three(self) result(res)
    class(Field), intent(in) :: self
    res % data = self % data
    res = 3
  end function field_three

  ! a whole assumed-shape dummy first: res%data has its lower bounds, 1
  !$OFP PURE, KERNEL :: field_from_array
  pure type(Field) function field_from_array(x, s) result(res)
    real, intent(in) :: x(:,:)
    real, intent(in) :: s
    integer :: i, j
    res % data = x
    do concurrent (i = lbound(res % data, 1):ubound(res % data, 1) - 1, &
                   j = lbound(res % data, 2):ubound(res % data, 2))
      res % data(i, j) = s * real(i - j)
    end do
  end function field_from_array
end module loop_field_ops_mod
