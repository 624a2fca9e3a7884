! A character dummy passed on to a callee that forocl writes out in the
! kernel, with a structure (Note [whole structures]; Note [host characters]).
module inm
  type :: fld
    character(:), allocatable :: name
    real, allocatable :: d(:)
  end type
contains
  pure subroutine label_it(g, s)
    type(fld), intent(inout) :: g
    character(len=*), intent(in) :: s
    g%name = s // '!'
    g%d = 2 * g%d
  end subroutine
  subroutine k6(f, mode)
  !$OFP PURE, KERNEL :: k6
    type(fld), intent(inout) :: f
    character(len=*), intent(in) :: mode
    call label_it(f, mode)
  end subroutine
end module
