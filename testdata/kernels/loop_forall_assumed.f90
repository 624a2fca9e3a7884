! loop_forall_assumed: FORALL in a pure subroutine of an assumed-shape
! array (the array-syntax style), bounds from size(): a FORALL makes it a
! loop kernel. The second FORALL reads its own left-hand side one row up
! and one row down, so it runs through a temporary.
module loop_forall_assumed_mod
  implicit none
contains
  !$OFP PURE, KERNEL :: relax
  pure subroutine relax(b)
    real, intent(inout) :: b(:, :)
    integer :: i, j
    forall (i = 1:size(b, 1), j = 1:size(b, 2), b(i, j) < 1.3) b(i, j) = 0.5*b(i, j)
    forall (i = 2:size(b, 1)-1, j = 1:size(b, 2)) b(i, j) = b(i-1, j) + b(i+1, j)
  end subroutine relax
end module loop_forall_assumed_mod
