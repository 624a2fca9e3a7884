subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, intent(in) :: c  ! ERROR [intent-not-dummy] "\"c\" has an intent but is not a dummy argument"
  b = a
end subroutine k
