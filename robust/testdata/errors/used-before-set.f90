pure elemental subroutine k(x, y)
  implicit none
  real, intent(in)  :: x
  real, intent(out) :: y
  real :: t
  y = x*t  ! WARNING [used-before-set] "\"t\" is used before it is set"
  t = 2.0
end subroutine k
