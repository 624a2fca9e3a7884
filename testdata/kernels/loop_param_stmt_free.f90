! A PARAMETER statement in free form, in a module (its constants reach
! the kernel by host association) and in the kernel, with a real(8)
! value and an expression of another named constant.
module param_stmt_free
  implicit none
  integer :: halo
  parameter (halo = 1)
contains
!$OFP PURE, KERNEL :: smooth_edges
  subroutine smooth_edges(a, b, n)
    integer, intent(in) :: n
    real(8), intent(in) :: a(1-halo:n+halo)
    real(8), intent(out) :: b(n)
    real(8) :: c0, c1
    parameter (c1 = 0.125d0, c0 = 1.0d0 - 2*c1)
    integer :: i
    do i = 1, n
      b(i) = c0*a(i) + c1*(a(i-halo) + a(i+halo))
    end do
  end subroutine smooth_edges
end module param_stmt_free
