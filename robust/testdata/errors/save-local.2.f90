subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real :: c = 1.0
  c = 2.0  ! ERROR [save-local] "local \"c\" is initialised in its declaration,"
  b = a*c
end subroutine k
