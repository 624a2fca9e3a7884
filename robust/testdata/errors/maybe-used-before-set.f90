pure elemental subroutine k(x, y)
  implicit none
  real, intent(in)  :: x
  real, intent(out) :: y
  real :: t
  if (x > 0.0) then
    t = 2.0
  end if
  y = x*t  ! WARNING [maybe-used-before-set] "\"t\" may be used before it is set"
end subroutine k
