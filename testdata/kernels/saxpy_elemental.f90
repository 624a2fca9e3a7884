! saxpy_elemental: an element-wise kernel written as a pure elemental
! subroutine. Every dummy is a scalar; called with arrays (of one shape) the
! subroutine is applied to each element, which forocl turns into one
! work-item per element. The coefficients are module parameters, so that
! every dummy is an array at the call site:  z = alpha x + beta y.
module saxpy_elemental
  implicit none
  real, parameter :: alpha = 2.5
  real, parameter :: beta = -0.75

contains

  pure elemental subroutine axpby(x, y, z)
  !$OFP PURE, KERNEL :: axpby
    real, intent(in) :: x, y
    real, intent(out) :: z
    z = alpha*x + beta*y
  end subroutine axpby

end module saxpy_elemental
