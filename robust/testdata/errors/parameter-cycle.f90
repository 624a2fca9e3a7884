subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, parameter :: c = 2.0*c  ! ERROR [parameter-cycle] "named constant \"c\" is defined in terms of itself"
  b = a*c
end subroutine k
