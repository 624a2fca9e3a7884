module m
  implicit none
contains
  pure function twice(x) result(y)
    real, intent(in) :: x(:)
    real :: y(size(x))
    y = 2 * x
  end function twice
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = twice(a + 1)  ! ERROR:9 [array-function-inline] "is not a whole variable"
  end subroutine k
end module m
