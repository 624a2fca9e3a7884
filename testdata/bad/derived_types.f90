! Derived types forocl cannot take apart into components (Note
! [derived-type dummies]), structures used whole, type-bound calls and
! misplaced subscripts: each refused at its line with a code.
module derived_types_m
  implicit none
  type :: vec_t
    real :: x, y
  end type vec_t
  type, extends(vec_t) :: vec3_t
    real :: z
  end type vec3_t
  type :: holder_t
    type(vec_t) :: v
  end type holder_t
  type :: tagged_t
    real :: a(3)
  end type tagged_t
  type :: empty_t
  end type empty_t
  type(vec_t) :: origin  ! ERROR:3 [derived-type-form] "origin is a structure of a module, which forocl passes to no kernel"
  type :: init_t
    real :: w = 1.0
  end type init_t
contains
  !$OFP PURE, KERNEL :: polymorphic
  subroutine polymorphic(n, p, o)
    integer, intent(in) :: n
    class(vec_t), intent(in) :: p(n)  ! ERROR:5 [derived-type-form] "class(vec_t) is polymorphic: type vec3_t extends vec_t"
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = p(i)%x
    end do
  end subroutine polymorphic

  !$OFP PURE, KERNEL :: nested
  subroutine nested(n, h, o)
    integer, intent(in) :: n
    type(holder_t), intent(in) :: h  ! ERROR:5 [derived-type-form] "component v is of a derived type"
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = real(i)
    end do
  end subroutine nested

  !$OFP PURE, KERNEL :: arrcomp
  subroutine arrcomp(n, t, o)
    integer, intent(in) :: n
    type(tagged_t), intent(in) :: t(n)  ! ERROR:5 [derived-type-form] "component a is an array in an array of structures"
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = real(i)
    end do
  end subroutine arrcomp

  !$OFP PURE, KERNEL :: defaults
  subroutine defaults(n, w, o)
    integer, intent(in) :: n
    type(init_t), intent(out) :: w  ! ERROR:5 [derived-type-form] "component w has a default initial value"
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = real(i)
    end do
  end subroutine defaults

  !$OFP PURE, KERNEL :: whole
  subroutine whole(n, p, q)
    integer, intent(in) :: n
    type(vec_t), intent(in) :: p(n)
    type(vec_t), intent(out) :: q(n)
    q(1) = p(n)  ! ERROR:5 [derived-type-whole] "structure q is used whole" ERROR:5 [loop-construct] "only assignments" ERROR:12 [derived-type-whole] "structure p is used whole"
  end subroutine whole

  !$OFP PURE, KERNEL :: wrongsubs
  subroutine wrongsubs(n, p, s, o)
    integer, intent(in) :: n
    type(vec_t), intent(in) :: p(n)
    type(vec_t), intent(in) :: s
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = p%x(i)  ! ERROR:14 [component-ref] "the subscripts belong on the structure array"
    end do
    o(1) = s(1)%y  ! ERROR:12 [component-ref] "is subscripted, but s is not an array" ERROR:12 [not-an-array] "is not an array"
  end subroutine wrongsubs

  !$OFP PURE, KERNEL :: bound
  subroutine bound(n, p, o)
    integer, intent(in) :: n
    type(vec_t), intent(inout) :: p
    real, intent(out) :: o(n)
    call p%norm(o)  ! ERROR:5 [type-bound-call] "p%norm is a type-bound call" ERROR:5 [loop-construct] "only parallel loop nests"
  end subroutine bound

  !$OFP PURE, KERNEL :: twice
  subroutine twice(n, t, o)
    integer, intent(in) :: n
    type(tagged_t), intent(in) :: t
    real, intent(out) :: o(n)
    o(1) = t(1)%a(2)  ! ERROR:18 [component-subscripts] "subscripted twice"
  end subroutine twice

  !$OFP PURE, KERNEL :: nothing
  subroutine nothing(n, e, o)
    integer, intent(in) :: n
    type(empty_t), intent(in) :: e  ! ERROR:5 [derived-type-form] "type empty_t has no numeric or logical component"
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = real(i)
    end do
  end subroutine nothing

  !$OFP PURE, KERNEL :: shift
  subroutine shift(n, o)
    integer, intent(in) :: n
    real, intent(inout) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = o(i) - origin%x
    end do
  end subroutine shift

  !$OFP PURE, KERNEL :: bound_fn
  subroutine bound_fn(n, p, o)
    integer, intent(in) :: n
    type(vec_t), intent(in) :: p
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = p%norm() + p%x  ! ERROR:14 [type-bound-call] "p%norm names no component of type vec_t"
    end do
  end subroutine bound_fn
end module derived_types_m
