pure elemental subroutine k(alpha, h, y)
  real, intent(in)  :: alpha, h
  real, intent(out) :: y
  real :: dt
  dt = 0.1
  y = alpha*dtt*h  ! WARNING [implicit-type] "\"dtt\" is not declared; it is implicitly typed real(4)"
end subroutine k
