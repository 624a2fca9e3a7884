subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real :: c
  real :: c  ! ERROR [declared-twice] "\"c\" is declared twice"
  b = a
end subroutine k
