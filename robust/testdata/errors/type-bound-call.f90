module m
  implicit none
  type :: vec_t
    real :: x, y
  contains
    procedure :: scale
  end type vec_t
contains
  subroutine k(n, p, s, o)
  !$OFP PURE, KERNEL :: k
    integer, intent(in) :: n
    type(vec_t), intent(inout) :: p
    real, intent(in) :: s
    real, intent(out) :: o(n)
    integer :: i
    do concurrent (i = 1:n)
      o(i) = p%x
    end do
    call p%scale(s)  ! ERROR [type-bound-call] "p%scale is a type-bound call" ERROR [loop-construct] "only parallel loop nests"
  end subroutine k
  pure subroutine scale(self, s)
    class(vec_t), intent(inout) :: self
    real, intent(in) :: s
    self%x = s*self%x
  end subroutine scale
end module m
