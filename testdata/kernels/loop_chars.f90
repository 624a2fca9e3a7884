! Character scalars and components as host values (Note [host
! characters] in ir/chars.go): a Field-like type whose deferred-length
! name and fixed-length unit are copied as tsunami's from_field copies
! them, with a data array updated on the device; a len=* intent(in)
! label and a len=6 intent(inout) tag assigned with concatenation, and
! comparisons of characters in IFs between nests, which the host
! computes from the values the kernel is called with.
! Fortran's assignment truncates to the target's length, pads with
! blanks, and gives a deferred-length component the value's length; the
! hosts do the same.
module loop_chars_mod
  implicit none
  type :: Tile
    character(:), allocatable :: name
    character(len=6) :: unit
    integer :: steps
    real, allocatable :: data(:,:)
  end type Tile
contains
  !$OFP PURE, KERNEL :: copy_tile
  pure subroutine copy_tile(target, source, label, tag, scale)
    type(Tile), intent(in out) :: target
    type(Tile), intent(in) :: source
    character(len=*), intent(in) :: label
    character(len=6), intent(in out) :: tag
    real, intent(in) :: scale
    target % name = source % name // '_' // label
    target % unit = source % unit // 'per-second'
    tag = label // tag
    target % steps = source % steps + 1
    target % data = scale * source % data + target % data
    if (label < 'm' .and. source % unit /= 'm') then
      target % data = 2 * target % data
    else if (source % name // label == 'keyx') then
      target % data = target % data - 1
    end if
  end subroutine copy_tile

  ! A kernel of array statements takes characters too (its IFs run on
  ! the device, so it compares none: host-character).
  !$OFP PURE, KERNEL :: scale_named
  pure subroutine scale_named(a, b, label, tag)
    real, dimension(:,:), intent(in) :: a
    real, dimension(:,:), intent(out) :: b
    character(len=*), intent(in) :: label
    character(len=4), intent(out) :: tag
    tag = label // '!'
    b = 0.5 * a
  end subroutine scale_named
end module loop_chars_mod
