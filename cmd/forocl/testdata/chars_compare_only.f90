! A character component only compared, never assigned (Note [host characters]).
module cm
  type :: fld
    character(len=4) :: unit
    real, allocatable :: d(:)
  end type
contains
  subroutine k5(f, n)
  !$OFP PURE, KERNEL :: k5
    type(fld), intent(inout) :: f
    integer, intent(in) :: n
    integer :: i
    if (f%unit == 'm') then
      do concurrent (i = 1:n)
        f%d(i) = 2 * f%d(i)
      end do
    end if
  end subroutine
end module
