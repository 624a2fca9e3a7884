subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real :: c
  dimension c  ! ERROR [dimension-statement] "\"c\" needs its dimensions in a dimension"
  b = a
end subroutine k
