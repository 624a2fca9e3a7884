module m
  implicit none
contains
  pure elemental subroutine twice(x, y)
    real, intent(in) :: x
    real, intent(out) :: y
    y = 2.0*x
  end subroutine twice
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = twice(a)  ! ERROR [subroutine-as-function] "subroutine \"twice\" cannot be used as a function"
  end subroutine k
end module m
