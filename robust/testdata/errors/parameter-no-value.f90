subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, parameter :: c  ! ERROR [parameter-no-value] "named constant \"c\" has no value"
  b = a*c
end subroutine k
