subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, parameter :: c = 1.0/x  ! ERROR [undefined-name] "undefined name \"x\""
  b = a*c
end subroutine k
