subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  logical, parameter :: on = 1  ! ERROR [logical-number-conversion] "cannot give logical \"on\" an integer value"
  b = a
end subroutine k
