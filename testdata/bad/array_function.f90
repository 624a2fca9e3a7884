! Array-valued function references a kernel cannot write out (Note
! [array-valued function references] in sema/arrfn.go).
module m
  implicit none
contains
  pure function twice(x) result(y)
    real, intent(in) :: x(:)
    real :: y(size(x))
    y = 2 * x
  end function twice

  pure function halve(x) result(y)
    real, intent(in) :: x(:)
    real :: y(size(x))
    integer :: i
    i = 0
    do while (i < size(x))
      i = i + 1
      y(i) = x(i) / 2
    end do
  end function halve

  !$OFP PURE, KERNEL :: inside
  pure subroutine inside(x, y)
    real, intent(in) :: x(:)
    real, intent(out) :: y(:)
    y = 1 + twice(x)  ! ERROR:13 [array-function-position] "\"twice\" is an array-valued function"
  end subroutine inside

  !$OFP PURE, KERNEL :: in_if
  pure subroutine in_if(x, y, s)
    real, intent(in) :: x(:), s
    real, intent(out) :: y(:)
    y = 0
    if (s > 0) then
      y = twice(x)  ! ERROR:11 [array-function-position] "at its top level"
    end if
  end subroutine in_if

  !$OFP PURE, KERNEL :: expr_actual
  pure subroutine expr_actual(x, y)
    real, intent(in) :: x(:)
    real, intent(out) :: y(:)
    y = twice(x + 1)  ! ERROR:9 [array-function-inline] "is not a whole variable"
  end subroutine expr_actual

  !$OFP PURE, KERNEL :: while_body
  pure subroutine while_body(x, y)
    real, intent(in) :: x(:)
    real, intent(out) :: y(:)
    y = halve(x)  ! ERROR:9 [array-function-inline] "not a counted one"
  end subroutine while_body

  pure function firstn(x, n) result(y)
    integer, intent(in) :: n
    real, intent(in) :: x(n)
    real :: y(n)
    y = x
  end function firstn

  !$OFP PURE, KERNEL :: explicit_shape
  pure subroutine explicit_shape(x, y, n)
    integer, intent(in) :: n
    real, intent(in) :: x(:)
    real, intent(out) :: y(:)
    y = firstn(x, n)  ! ERROR:9 [array-function-inline] "is not assumed-shape"
  end subroutine explicit_shape
end module m
