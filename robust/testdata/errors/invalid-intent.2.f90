subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, intent(out in) :: c  ! ERROR [invalid-intent] "invalid intent \"out in\""
  b = a
end subroutine k
