! An assumed-shape extent takes another operand's extent only where that
! is one a declared bound may name (Note [conforming extents]): m is
! computed on the host, so v's extent cannot be m.
module halves
  implicit none
contains
  !$OFP PURE, KERNEL :: first_half
  pure function first_half(a) result(v)
    real, intent(in) :: a(:)
    real, allocatable :: v(:)
    integer :: m
    m = size(a) / 2
    v = a(1:m)  ! ERROR [shape-mismatch] "cannot prove that a(1:m) and v have the same shape: extent m against v_n1"
  end function first_half
end module halves
