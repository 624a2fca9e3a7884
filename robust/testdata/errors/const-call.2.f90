subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, parameter :: c = cshift(1.0, 1)  ! ERROR [const-call] "\"cshift\" cannot be evaluated in a constant"
  b = a*c
end subroutine k
